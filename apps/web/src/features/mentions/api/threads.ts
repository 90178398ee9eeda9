import {
  type CreateThreadRequest,
  MENTION_PATHS,
  type Thread,
  ThreadSchema,
  ThreadsSchema,
} from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { mentionKeys } from './mention-keys';

export function getThreads(workflowId: number, signal?: AbortSignal) {
  return http.get(MENTION_PATHS.workflowThreads(workflowId), ThreadsSchema, { signal });
}

export const threadsQueryOptions = (workflowId: number) =>
  queryOptions({
    queryKey: mentionKeys.threads(workflowId),
    queryFn: ({ signal }) => getThreads(workflowId, signal),
    select: (data) => data.results,
  });

// The workflow's threads with their message counts (the comment icons' numbers).
export function useThreads(workflowId: number) {
  return useQuery(threadsQueryOptions(workflowId));
}

// Get-or-create: called only when someone writes in a thread that does not exist yet.
export function openThread(workflowId: number, target: CreateThreadRequest) {
  return http.post(MENTION_PATHS.workflowThreads(workflowId), target, ThreadSchema);
}

export function useOpenThread(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: CreateThreadRequest) => openThread(workflowId, target),
    onSuccess: (thread: Thread) => {
      queryClient.setQueryData(mentionKeys.threads(workflowId), (old: { results: Thread[] } | undefined) =>
        old && !old.results.some((t) => t.id === thread.id) ? { results: [...old.results, thread] } : old,
      );
    },
  });
}
