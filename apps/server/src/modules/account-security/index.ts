// The account-security module's public face: what the rest of the server may use.
export { accountSecurityRoutes } from './account-security.routes.js';
// The MFA sign-in (modules/auth/mfa) checks codes against the app and recovery codes enrolled here.
export { asAuthMethod } from './auth-method.js';
export { mfaRepository } from './mfa.repository.js';
export { invalidCode } from './mfa.service.js';
