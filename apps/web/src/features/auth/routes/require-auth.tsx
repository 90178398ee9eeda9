import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { APP_PATHS } from '../../../lib/navigation/app-paths';
import { loginPath, rememberNext } from '../../../lib/navigation/next-url';
import { useCurrentUserQuery } from '../api/get-current-user';
import { usePermissions } from '../api/get-permissions';

// Private pages: signed-out visitors go to sign-in and come back here afterwards.
export function RequireAuth() {
  const location = useLocation();
  const user = useCurrentUserQuery();
  // Until a required authenticator is set up the server refuses everything else, permissions included.
  const enrolling = user.data?.mfa.enrolment_required === true;
  const permissions = usePermissions(Boolean(user.data) && !enrolling);

  if (user.isPending) return <FullPageLoader />;
  if (user.error) throw user.error;
  if (!user.data) {
    const next = `${location.pathname}${location.search}`;
    rememberNext(next);
    return <Navigate to={loginPath(next)} replace />;
  }
  if (enrolling) {
    return location.pathname === APP_PATHS.accountSecurity ? (
      <Outlet />
    ) : (
      <Navigate to={APP_PATHS.accountSecurity} replace />
    );
  }
  // Spec 1 section 6: content stays hidden while permissions load.
  if (permissions.isPending) return <FullPageLoader />;
  if (permissions.error) throw permissions.error;
  return <Outlet />;
}
