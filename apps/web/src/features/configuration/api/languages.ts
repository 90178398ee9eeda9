import { CONFIGURATION_PATHS, type LanguageSettings, LanguageSettingsSchema } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { configurationKeys } from './configuration-keys';

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: configurationKeys.languages(),
    queryFn: () => http.get(CONFIGURATION_PATHS.languages, LanguageSettingsSchema),
    staleTime: 0,
  });

export function useLanguageSettings() {
  return useQuery(languagesQueryOptions());
}

export function updateLanguages(settings: LanguageSettings): Promise<LanguageSettings> {
  return request(CONFIGURATION_PATHS.languages, LanguageSettingsSchema, {
    method: 'PUT',
    body: settings,
    handledStatuses: [400],
  });
}

// The language picker reads the configuration: it is fetched again at once after a save.
export function useUpdateLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguages,
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKeys.languages(), saved);
      return queryClient.invalidateQueries({ queryKey: configurationKeys.detail() });
    },
  });
}
