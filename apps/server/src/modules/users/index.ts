// The users module's public face: what the rest of the server may use.
export { usersRoutes } from './users.routes.js';
