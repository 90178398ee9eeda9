// The auth feature's public face (issue 13): the signed-in user, permissions and sign-in pages.
// All of it is in the main chunk already, so lazy chunks may import it freely.
export { authKeys } from './api/auth-keys';
export { currentUserQueryOptions, useCurrentUserQuery } from './api/get-current-user';
export { type Can, permissionsQueryOptions, usePermissions } from './api/get-permissions';
export { useLogout } from './api/logout';
export { useStopImpersonation } from './api/stop-impersonation';
export { useSignedInUser } from './api/use-signed-in-user';
export { AuthFrameProvider } from './components/auth-frame';
export { ClosePage } from './components/close-page';
export { LoginPage } from './components/login-page';
export { SsoStartPage } from './components/sso-start-page';
export { AnonymousOnly } from './routes/anonymous-only';
export { RequireAuth } from './routes/require-auth';
export { RequirePermission } from './routes/require-permission';
