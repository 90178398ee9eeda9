import { Navigate, Outlet, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { safeNext } from '../../../lib/navigation/next-url';
import { useCurrentUserQuery } from '../api/get-current-user';

// Spec 2 section 2.7: someone already signed in goes straight on to `next` (default /).
// The signed-in user carries the CSRF value, so "a user or a CSRF token" is one check here; the
// csrftoken cookie alone is not, since the server sets it for anonymous visitors too.
export function AnonymousOnly() {
  const [params] = useSearchParams();
  const user = useCurrentUserQuery();
  if (user.isPending) return <FullPageLoader />;
  if (user.data) return <Navigate to={safeNext(params.get('next')) ?? '/'} replace />;
  return <Outlet />;
}
