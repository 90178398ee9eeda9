import { ADMIN_PATHS, AdminGroupSchema, AdminGroupsPageSchema, MAX_PAGE_SIZE } from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, send } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';
import { type PageRequest, pageQuery } from './page-request';

export type AdminGroup = z.infer<typeof AdminGroupSchema>;

export function getGroups(page: PageRequest) {
  return http.get(ADMIN_PATHS.groups, AdminGroupsPageSchema, { query: pageQuery(page) });
}

export const groupsQueryOptions = (page: PageRequest) =>
  queryOptions({
    queryKey: adminKeys.groupsPage(page),
    queryFn: () => getGroups(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useGroups(page: PageRequest) {
  return useQuery(groupsQueryOptions(page));
}

// Choices for a user's membership: the first page of the largest size covers any real tenant.
export function useGroupChoices() {
  return useQuery(groupsQueryOptions({ page: 1, size: MAX_PAGE_SIZE }));
}

export function createGroup(name: string) {
  return http.post(ADMIN_PATHS.groups, { name }, AdminGroupSchema);
}

export async function updateGroup({
  id,
  ...changes
}: {
  id: number;
  name?: string;
  permissions?: string[];
}): Promise<void> {
  await send(ADMIN_PATHS.group(id), { method: 'PATCH', body: changes });
}

export async function deleteGroup(id: number): Promise<void> {
  await send(ADMIN_PATHS.group(id), { method: 'DELETE' });
}

// Membership shows on users too, so both lists are read again.
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useCreateGroup() {
  return useMutation({ mutationFn: createGroup, onSuccess: useInvalidateGroups() });
}

export function useUpdateGroup() {
  return useMutation({ mutationFn: updateGroup, onSuccess: useInvalidateGroups() });
}

export function useDeleteGroup() {
  return useMutation({ mutationFn: deleteGroup, onSuccess: useInvalidateGroups() });
}
