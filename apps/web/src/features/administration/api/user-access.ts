import { ADMIN_PATHS, type UserAccess, UserAccessSchema } from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';

export function getUserAccess(id: number) {
  return http.get(ADMIN_PATHS.userAccess(id), UserAccessSchema);
}

export const userAccessQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.userAccess(id), queryFn: () => getUserAccess(id), staleTime: 0 });

export function useUserAccess(id: number) {
  return useQuery(userAccessQueryOptions(id));
}

// The whole set at once: what is not listed has no access.
export async function replaceUserAccess({ id, access }: { id: number; access: UserAccess }): Promise<void> {
  await send(ADMIN_PATHS.userAccess(id), { method: 'PUT', body: access });
}

export function useReplaceUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceUserAccess,
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: adminKeys.userAccess(id) }),
  });
}
