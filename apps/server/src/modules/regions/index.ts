// The regions module's public face: what the rest of the server may use.
export { regionsRoutes } from './regions.routes.js';
