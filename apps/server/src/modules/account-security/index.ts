// The account-security module's public face: what the rest of the server may use.
export { accountSecurityRoutes } from './account-security.routes.js';
