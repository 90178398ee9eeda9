import {
  GLOBAL_SETTINGS_PATH,
  type GlobalSettings,
  GlobalSettingsSchema,
  type GlobalSettingsUpdate,
} from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { configurationKeys } from './configuration-keys';

// Settings > Global settings (issue 19): special features, feature toggles and maintenance mode.
const globalSettingsKey = () => [...configurationKeys.all, 'global-settings'] as const;

export const globalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: globalSettingsKey(),
    queryFn: () => http.get(GLOBAL_SETTINGS_PATH, GlobalSettingsSchema),
    staleTime: 0,
  });

export function useGlobalSettings() {
  return useQuery(globalSettingsQueryOptions());
}

export function updateGlobalSettings(changes: GlobalSettingsUpdate): Promise<GlobalSettings> {
  return request(GLOBAL_SETTINGS_PATH, GlobalSettingsSchema, {
    method: 'PATCH',
    body: changes,
    // The form shows the field errors itself.
    handledStatuses: [400],
  });
}

// The saved settings replace the cached ones; the configuration every page reads is fetched again,
// so a feature switched here takes effect without a reload.
export function useUpdateGlobalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGlobalSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(globalSettingsKey(), saved);
      return queryClient.invalidateQueries({ queryKey: configurationKeys.detail() });
    },
  });
}
