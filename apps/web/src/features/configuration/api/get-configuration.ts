import {
  CONFIGURATION_GC_MS,
  CONFIGURATION_STALE_MS,
  type Configuration,
  ConfigurationSchema,
} from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseJson, send } from '../../../lib/api/http-client';
import { rememberTenant } from '../../../lib/api/tenant';
import { MaintenanceError } from './configuration-errors';
import { configurationKeys } from './configuration-keys';

// A 503 carries the configuration too: it tells whether this is planned maintenance.
export async function getConfiguration(): Promise<Configuration> {
  const response = await send('customers/configuration/', { handledStatuses: [503] });
  if (response.status === 503) {
    const body: unknown = await response.json().catch(() => null);
    const parsed = ConfigurationSchema.safeParse(body);
    throw new MaintenanceError(parsed.success ? parsed.data : null);
  }
  const configuration = await parseJson(response, ConfigurationSchema);
  rememberTenant(configuration.tenant);
  return configuration;
}

// Spec 1 section 7: 5 minutes fresh, 10 minutes kept.
export const configurationQueryOptions = () =>
  queryOptions({
    queryKey: configurationKeys.detail(),
    queryFn: getConfiguration,
    staleTime: CONFIGURATION_STALE_MS,
    gcTime: CONFIGURATION_GC_MS,
    // A maintenance answer (503) is not asked again by each screen that mounts: a new fetch would
    // drop the configuration it carries, which the sign-in pages read (issue 19). The boot gate asks
    // again after a sign-in.
    retryOnMount: false,
  });

export function useConfigurationQuery() {
  return useQuery(configurationQueryOptions());
}
