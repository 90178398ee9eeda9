import { HOME_PATHS, HomePageConfigSchema, StoredHomePageConfigSchema } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

// Settings > Shortcuts: the tenant's c2_home_page_config as stored (an invalid one too).
export function getStoredHomeConfig(signal?: AbortSignal) {
  return http.get(HOME_PATHS.adminConfig, StoredHomePageConfigSchema, { signal });
}

export const storedHomeConfigQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.storedConfig(),
    queryFn: ({ signal }) => getStoredHomeConfig(signal),
    // An administrator edits what is stored now, not what was read minutes ago.
    staleTime: 0,
  });

export function useStoredHomeConfig() {
  return useQuery(storedHomeConfigQueryOptions());
}

// The server validates again (spec 2 §5) and answers 400 with every problem at its path.
export function saveHomeConfig(config: unknown) {
  return request(HOME_PATHS.adminConfig, HomePageConfigSchema, { method: 'PUT', body: config });
}

export function useSaveHomeConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHomeConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(homeKeys.storedConfig(), { config: saved });
      // The home page shows the new shortcuts at once.
      return queryClient.invalidateQueries({ queryKey: homeKeys.config() });
    },
  });
}
