// The auth module's public face: what the rest of the server may use.
export { claimTokensRoutes } from './claim-tokens/claim-tokens.routes.js';
export { emailSignInRoutes } from './email-sign-in/email-sign-in.routes.js';
export { invitationsRoutes } from './invitations/invitations.routes.js';
export { mfaRoutes } from './mfa/mfa.routes.js';
export { passwordRoutes } from './password/password.routes.js';
export { ssoRoutes } from './sso/sso.routes.js';
export { ssoAdminRoutes } from './sso/sso-admin.routes.js';
export { ssoProvidersRepository } from './sso/sso-providers.repository.js';
