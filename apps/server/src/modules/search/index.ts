// The search module's public face: what the rest of the server may use.
export { searchRoutes } from './search.routes.js';
