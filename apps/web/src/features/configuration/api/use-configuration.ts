import type { Configuration } from '@attest/shared';
import { useConfigurationQuery } from './get-configuration';

// For screens under the boot gate, which renders nothing until configuration has loaded.
export function useConfiguration(): Configuration {
  const { data } = useConfigurationQuery();
  if (!data) throw new Error('Configuration is read before it has loaded');
  return data;
}
