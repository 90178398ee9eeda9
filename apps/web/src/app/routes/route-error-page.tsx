import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage, NotFoundPage } from '../../features/errors';
import { reportError } from '../../lib/error-reporting/error-reporting';

// Spec 2 section 2.6: a route error shows the error page.
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    // A page that cannot be found is not a failure; anything else goes to error reporting (issue 19).
    if (!isRouteErrorResponse(error) || error.status >= 500) void reportError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
