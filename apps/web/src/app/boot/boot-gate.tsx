import type { ReactNode } from 'react';
import { FullPageLoader } from '../../components/full-page-loader';
import { useCurrentUserQuery } from '../../features/auth';
import { MaintenanceError, maintenanceNotice, useConfigurationQuery } from '../../features/configuration';
import { ServiceUnavailablePage } from '../../features/errors';
import { MaintenancePage } from '../../features/maintenance';
import { TimeZoneProvider } from '../../lib/format/time-zone';
import { useBootLanguage } from './use-boot-language';
import { useImpersonationSync } from './use-impersonation-sync';

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

  if (!language) return <FullPageLoader />;
  if (configError) {
    const notice = maintenanceNotice(configError);
    return notice ? (
      <MaintenancePage message={notice.message} endTime={notice.endTime} />
    ) : (
      <ServiceUnavailablePage />
    );
  }
  if (user.error) throw user.error;
  // Dates in the zone the person stored, else the browser's (spec 1 §7 stores the browser's once
  // per session).
  return <TimeZoneProvider timeZone={user.data?.timezone}>{children}</TimeZoneProvider>;
}
