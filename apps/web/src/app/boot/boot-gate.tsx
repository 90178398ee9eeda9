import { type ReactNode, useEffect } from 'react';
import { FullPageLoader } from '../../components/full-page-loader';
import { useCurrentUserQuery } from '../../features/auth';
import { MaintenanceError, maintenanceNotice, useConfigurationQuery } from '../../features/configuration';
import { ServiceUnavailablePage } from '../../features/errors';
import { MaintenancePage } from '../../features/maintenance';
import { TimeZoneProvider } from '../../lib/format/time-zone';
import { useBootLanguage } from './use-boot-language';
import { useImpersonationSync } from './use-impersonation-sync';

const SIGN_IN_PATH = '/login';
const isSignInPath = (path: string) => path === SIGN_IN_PATH || path.startsWith(`${SIGN_IN_PATH}/`);

// Nothing renders until configuration, the session and the strings are known (spec 1 section 2).
// A configuration failure ends here: the maintenance page, or service unavailable.
export function BootGate({ children }: { children: ReactNode }) {
  const configuration = useConfigurationQuery();
  const user = useCurrentUserQuery();
  useImpersonationSync();
  const configError = configuration.error;
  const knownConfiguration =
    configuration.data ?? (configError instanceof MaintenanceError ? configError.configuration : null);

  const language = useBootLanguage({
    ready: !configuration.isPending && !user.isPending,
    configuration: knownConfiguration,
    user: user.data ?? null,
  });

  // Issue 19: administrators keep working during maintenance (the server answers them 200). Signed
  // out, they reach the sign-in pages from the maintenance page; once signed in, the configuration
  // is asked again and decides.
  const signedInId = user.data?.id;
  const { refetch } = configuration;
  const inMaintenance = configError instanceof MaintenanceError;
  useEffect(() => {
    if (signedInId !== undefined && inMaintenance) void refetch();
  }, [signedInId, inMaintenance, refetch]);

  // Asked again after a sign-in during maintenance: nothing to show until it answers.
  if (!language || configuration.isPending) return <FullPageLoader />;
  if (configError) {
    const notice = maintenanceNotice(configError);
    if (notice && isSignInPath(window.location.pathname)) return children;
    return notice ? (
      <MaintenancePage message={notice.message} endTime={notice.endTime} signInHref={SIGN_IN_PATH} />
    ) : (
      <ServiceUnavailablePage />
    );
  }
  if (user.error) throw user.error;
  // Dates in the zone the person stored, else the browser's (spec 1 §7 stores the browser's once
  // per session).
  return <TimeZoneProvider timeZone={user.data?.timezone}>{children}</TimeZoneProvider>;
}
