import type { Configuration } from '@attest/shared';
import { MaintenanceError } from './configuration-errors';
import { useConfigurationQuery } from './get-configuration';

// For screens under the boot gate, which renders nothing until configuration has loaded.
// During maintenance the answer is a 503 carrying the configuration: the sign-in pages, which the
// boot gate still shows then (issue 19), brand themselves from it.
export function useConfiguration(): Configuration {
  const { data, error } = useConfigurationQuery();
  const configuration = data ?? (error instanceof MaintenanceError ? error.configuration : null);
  if (!configuration) throw new Error('Configuration is read before it has loaded');
  return configuration;
}
