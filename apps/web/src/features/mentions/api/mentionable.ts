import { MentionableSchema, SUBSCRIPTION_PATHS } from '@attest/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { mentionKeys } from './mention-keys';

export function getMentionable(workflowId: number, q: string, signal?: AbortSignal) {
  return http.get(SUBSCRIPTION_PATHS.mentionable(workflowId), MentionableSchema, { query: { q }, signal });
}

// Who the composer offers after '@': people who can see the workflow, and groups. The caller
// debounces q.
export function useMentionable(workflowId: number, q: string | null) {
  return useQuery({
    queryKey: [...mentionKeys.all, 'mentionable', workflowId, q ?? ''] as const,
    queryFn: ({ signal }) => getMentionable(workflowId, q ?? '', signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    select: (data) => data.results,
  });
}
