import { ADMIN_PATHS, SecuritySettingsSchema, type SecuritySettingsUpdate } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';

export const securitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.securitySettings(),
    queryFn: () => http.get(ADMIN_PATHS.securitySettings, SecuritySettingsSchema),
    staleTime: 0,
  });

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

export function updateSecuritySettings(changes: SecuritySettingsUpdate) {
  return request(ADMIN_PATHS.securitySettings, SecuritySettingsSchema, { method: 'PATCH', body: changes });
}

// The answer is the saved settings: it replaces the cached ones without another request.
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.securitySettings(), saved),
  });
}
