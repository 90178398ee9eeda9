// The impersonation module's public face: what the rest of the server may use.
export { impersonationRoutes } from './impersonation.routes.js';
export { endImpersonationAtSignOut } from './impersonation.service.js';
