import { type Branding, BrandingSchema, type BrandingUpdate, CONFIGURATION_PATHS } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api/api-url';
import { http, parseJson, request } from '../../../lib/api/http-client';
import { buildHeaders } from '../../../lib/api/request-headers';
import { configurationKeys } from './configuration-keys';

export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: configurationKeys.branding(),
    queryFn: () => http.get(CONFIGURATION_PATHS.branding, BrandingSchema),
    staleTime: 0,
  });

export function useBranding() {
  return useQuery(brandingQueryOptions());
}

export function updateBranding(changes: BrandingUpdate): Promise<Branding> {
  return request(CONFIGURATION_PATHS.branding, BrandingSchema, {
    method: 'PATCH',
    body: changes,
    // The form shows the field errors itself.
    handledStatuses: [400],
  });
}

// The file is the raw body; the server recognises its type from the bytes, whatever is declared.
export async function uploadLogo(file: File): Promise<Branding> {
  const headers = buildHeaders('PUT', false);
  headers.set('Content-Type', file.type || 'application/octet-stream');
  const response = await fetch(apiUrl(CONFIGURATION_PATHS.brandingLogo), {
    method: 'PUT',
    credentials: 'include',
    headers,
    body: file,
  });
  return parseJson(response, BrandingSchema);
}

// Saved branding replaces the cached copy, and the configuration every page reads is fetched again
// at once (it is otherwise fresh for 5 minutes): the header shows the change without a reload.
function useSavedBranding() {
  const queryClient = useQueryClient();
  return (saved: Branding) => {
    queryClient.setQueryData(configurationKeys.branding(), saved);
    return queryClient.invalidateQueries({ queryKey: configurationKeys.detail() });
  };
}

export function useUpdateBranding() {
  const onSaved = useSavedBranding();
  return useMutation({ mutationFn: updateBranding, onSuccess: onSaved });
}

export function useUploadLogo() {
  const onSaved = useSavedBranding();
  return useMutation({ mutationFn: uploadLogo, onSuccess: onSaved });
}
