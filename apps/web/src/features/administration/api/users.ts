import { ADMIN_PATHS, AdminUsersPageSchema, type AdminUserUpdateSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, send } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';
import { type PageRequest, pageQuery } from './page-request';

export type AdminUserUpdate = z.input<typeof AdminUserUpdateSchema>;

export function getUsers(page: PageRequest) {
  return http.get(ADMIN_PATHS.users, AdminUsersPageSchema, { query: pageQuery(page) });
}

export const usersQueryOptions = (page: PageRequest) =>
  queryOptions({
    queryKey: adminKeys.usersPage(page),
    queryFn: () => getUsers(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsers(page: PageRequest) {
  return useQuery(usersQueryOptions(page));
}

export async function updateUser({ id, ...changes }: AdminUserUpdate & { id: number }): Promise<void> {
  await send(ADMIN_PATHS.user(id), { method: 'PATCH', body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
