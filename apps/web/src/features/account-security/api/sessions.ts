import { ACCOUNT_PATHS, PAGE_SIZE, SessionsPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { accountKeys } from './account-keys';

export function getSessions(page: number) {
  return http.get(ACCOUNT_PATHS.sessions, SessionsPageSchema, {
    query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
  });
}

export const sessionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: accountKeys.sessions(page),
    queryFn: () => getSessions(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useSessions(page: number) {
  return useQuery(sessionsQueryOptions(page));
}

export async function revokeSession(id: string): Promise<void> {
  await send(ACCOUNT_PATHS.session(id), { method: 'DELETE' });
}

export async function revokeOtherSessions(): Promise<void> {
  await send(ACCOUNT_PATHS.revokeOtherSessions, { method: 'POST', body: {} });
}

function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.sessionsAll() });
}

export function useRevokeSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({ mutationFn: revokeSession, onSuccess: invalidate });
}

export function useRevokeOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({ mutationFn: revokeOtherSessions, onSuccess: invalidate });
}
