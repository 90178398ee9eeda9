import { CONFIGURATION_GC_MS, CONFIGURATION_STALE_MS, HttpError, QUERY_RETRIES } from '@attest/shared';
import { QueryClient } from '@tanstack/react-query';
import { MaintenanceError } from '../../features/configuration';
import { OfflineError } from '../../lib/api/network-errors';

// Retrying cannot fix a refusal, a maintenance window or a missing connection.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof MaintenanceError || error instanceof OfflineError) return false;
  if (error instanceof HttpError) return error.status >= 500 && error.status !== 503;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CONFIGURATION_STALE_MS,
        gcTime: CONFIGURATION_GC_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
