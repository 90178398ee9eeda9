import { ActivityPageSchema, WORKFLOW_PATHS } from '@attest/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { workflowKeys } from './workflow-keys';

export const ACTIVITY_PAGE_SIZE = 25;

export function getActivity(id: number, offset: number, signal?: AbortSignal) {
  return http.get(WORKFLOW_PATHS.activity(id), ActivityPageSchema, {
    query: { limit: ACTIVITY_PAGE_SIZE, offset },
    signal,
  });
}

// The next page's offset is read from the server's `next` link (spec 1 §7: paging follows `next`).
export function nextOffset(next: string | null): number | undefined {
  if (!next) return undefined;
  const offset = Number(new URL(next, 'http://localhost').searchParams.get('offset'));
  return Number.isFinite(offset) ? offset : undefined;
}

export const activityQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: workflowKeys.activity(id),
    queryFn: ({ pageParam, signal }) => getActivity(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => nextOffset(page.next),
    staleTime: 0,
  });

export function useActivity(id: number, enabled: boolean) {
  return useInfiniteQuery({ ...activityQueryOptions(id), enabled });
}
