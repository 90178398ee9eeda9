import {
  ADMIN_PATHS,
  MAX_PAGE_SIZE,
  type SsoProviderCreate,
  SsoProviderSchema,
  SsoProvidersPageSchema,
  type SsoProviderUpdate,
} from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request, send } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';

// A tenant has a handful of identity providers at most: one page holds them all.
export async function getSsoProviders() {
  const { results } = await http.get(ADMIN_PATHS.ssoProviders, SsoProvidersPageSchema, {
    query: { limit: MAX_PAGE_SIZE },
  });
  return results;
}

export const ssoProvidersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.ssoProviders(), queryFn: getSsoProviders, staleTime: 0 });

export function useAdminSsoProviders() {
  return useQuery(ssoProvidersQueryOptions());
}

export function createSsoProvider(provider: SsoProviderCreate) {
  return http.post(ADMIN_PATHS.ssoProviders, provider, SsoProviderSchema);
}

export function updateSsoProvider({ id, ...changes }: SsoProviderUpdate & { id: number }) {
  return request(ADMIN_PATHS.ssoProvider(id), SsoProviderSchema, { method: 'PATCH', body: changes });
}

export async function deleteSsoProvider(id: number): Promise<void> {
  await send(ADMIN_PATHS.ssoProvider(id), { method: 'DELETE' });
}

function useInvalidateProviders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.ssoProviders() });
}

export function useCreateSsoProvider() {
  return useMutation({ mutationFn: createSsoProvider, onSuccess: useInvalidateProviders() });
}

export function useUpdateSsoProvider() {
  return useMutation({ mutationFn: updateSsoProvider, onSuccess: useInvalidateProviders() });
}

export function useDeleteSsoProvider() {
  return useMutation({ mutationFn: deleteSsoProvider, onSuccess: useInvalidateProviders() });
}
