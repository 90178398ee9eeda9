import { PREFERENCE_PATHS, RecentActivitySchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

// Spec 1 §7 user-recent-activity/: the server keeps a person's last 20 views (RECENT_WORKFLOWS_KEPT).
export async function getRecent(signal?: AbortSignal) {
  return (await http.get(PREFERENCE_PATHS.recentActivity, RecentActivitySchema, { signal }))
    .recently_viewed_workflows;
}

export const recentQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.recent(),
    queryFn: ({ signal }) => getRecent(signal),
    refetchOnMount: 'always',
  });

export function useRecent() {
  return useQuery(recentQueryOptions());
}
