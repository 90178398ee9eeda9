// The home module's public face (issue 16): its routes.
export { homeRoutes } from './home.routes.js';
