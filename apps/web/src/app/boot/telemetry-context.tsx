import { USER_KIND } from '@attest/shared';
import { useEffect } from 'react';
import { useCurrentUserQuery } from '../../features/auth';
import { setAnalyticsAudience } from '../../lib/analytics/track';
import { setErrorReportingAuth } from '../../lib/error-reporting/error-reporting';

// Who is looking, as error reporting and analytics may know it: signed in or not (spec 2 §9.5
// keeps login performance events only when signed in), and internal or external (a supplier,
// spec 2 §6). Never the person. Rendered inside the boot gate, once the session is known; before
// that, error reporting takes the state as unknown.
export function TelemetryContext(): null {
  const user = useCurrentUserQuery();
  const kind = user.data?.kind ?? null;
  const known = !user.isPending;
  useEffect(() => {
    if (!known) return;
    setErrorReportingAuth(kind === null ? 'unauthenticated' : 'authenticated');
    setAnalyticsAudience(kind === null ? 'anonymous' : kind === USER_KIND.supplier ? 'external' : 'internal');
  }, [kind, known]);
  return null;
}
