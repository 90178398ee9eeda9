import { PREFERENCE_PATHS, RecentActivitySchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// Spec 1 §7 GET user-recent-activity/: the workflows the user opened last.
export async function getRecentWorkflows(signal?: AbortSignal) {
  const { recently_viewed_workflows } = await http.get(
    PREFERENCE_PATHS.recentActivity,
    RecentActivitySchema,
    {
      signal,
    },
  );
  return recently_viewed_workflows;
}

// The process page records views (features/workflows); read again whenever the dashboard mounts so
// the list shows the workflow just left.
export const recentWorkflowsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.recent(),
    queryFn: ({ signal }) => getRecentWorkflows(signal),
    refetchOnMount: 'always',
  });

export function useRecentWorkflows() {
  return useQuery(recentWorkflowsQueryOptions());
}
