// The administration module's public face: what the rest of the server may use.
export { adminUsersRepository } from './admin-users.repository.js';
export { administrationRoutes } from './administration.routes.js';
export { apiTokensRoutes } from './api-tokens.routes.js';
