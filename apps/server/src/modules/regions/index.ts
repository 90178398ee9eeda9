// The regions module's public face: what the rest of the server may use.
export { placesAdminRoutes } from './places-admin.routes.js';
export { regionsRoutes } from './regions.routes.js';
