import {
  ADMIN_PATHS,
  AdminGroupsPageSchema,
  STUDIO_SETTINGS_PATHS,
  StudioAppSettingsSchema,
  type UpdateStudioAppRequest,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { studioKeys } from './studio-keys';
import { studioPageKeys } from './studio-page-keys';

// An app's settings: name, icon, description, archived, and who may edit it (docs/studio.md).
export function getStudioAppSettings(appId: number, signal?: AbortSignal) {
  return http.get(STUDIO_SETTINGS_PATHS.settings(appId), StudioAppSettingsSchema, { signal });
}

export const studioAppSettingsQueryOptions = (appId: number) =>
  queryOptions({
    queryKey: studioPageKeys.settings(appId),
    queryFn: ({ signal }) => getStudioAppSettings(appId, signal),
  });

export function useStudioAppSettings(appId: number) {
  return useQuery(studioAppSettingsQueryOptions(appId));
}

// The form shows the server's 400 field errors next to their fields itself.
export function updateStudioAppSettings(appId: number, body: UpdateStudioAppRequest) {
  // PATCH goes to the app itself and answers its settings.
  return request(STUDIO_SETTINGS_PATHS.app(appId), StudioAppSettingsSchema, {
    method: 'PATCH',
    body,
    handledStatuses: [400],
  });
}

export function useUpdateStudioAppSettings(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStudioAppRequest) => updateStudioAppSettings(appId, body),
    onSuccess: (settings) => {
      // Here, not in the caller's mutate(): the form starts again from the answer (a remount), which
      // drops a caller's callbacks.
      toast.success('studioPages.settings.saved', { id: `studio-settings-${appId}` });
      queryClient.setQueryData(studioPageKeys.settings(appId), settings);
      // The app's name, icon and archived state show on the app page and in the lists.
      return queryClient.invalidateQueries({ queryKey: studioKeys.apps() });
    },
  });
}

// Groups are listed to administrators only; anyone else keeps the groups already chosen (403 is
// this caller's to answer, not the app-wide "no access" reaction).
export function useStudioGroups(q: string) {
  return useQuery({
    queryKey: studioPageKeys.groups(q),
    queryFn: ({ signal }) =>
      http.get(ADMIN_PATHS.groups, AdminGroupsPageSchema, {
        query: { limit: 50, q: q.trim() || undefined },
        signal,
        handledStatuses: [403],
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
