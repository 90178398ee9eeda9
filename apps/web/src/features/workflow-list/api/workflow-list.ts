import { DASHBOARD_PATHS, HttpError, WorkflowListPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// Spec 1 §8: the list answers 401 and 403 itself ('Dashboard access denied'), so the app-wide
// reactions (logout, the unresolved 403) are skipped for it.
const HANDLED = [401, 403] as const;

export async function getWorkflowList(query: string, signal?: AbortSignal) {
  return request(`${DASHBOARD_PATHS.workflows}${query ? `?${query}` : ''}`, WorkflowListPageSchema, {
    signal,
    handledStatuses: HANDLED,
  });
}

// Spec 1 §4: a new request aborts the one in flight (TanStack Query cancels a query whose signal
// was consumed once nothing observes it) and the aborted answer is never shown. The previous page
// stays on screen while the next loads.
export const workflowListQueryOptions = (query: string) =>
  queryOptions({
    queryKey: dashboardKeys.list(query),
    queryFn: ({ signal }) => getWorkflowList(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refused request (4xx) fails the same way again: only network and server failures retry.
    retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
  });

export function useWorkflowList(query: string) {
  return useQuery(workflowListQueryOptions(query));
}

export function isAccessDenied(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.status === 403);
}
