import { TASKS_PATHS, TaskCountsSchema } from '@attest/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent, useRealtimeReconnect } from '../../features/realtime';
import { taskKeys } from '../../features/tasks';
import { http } from '../../lib/api/http-client';

// The header's open-task badge (issue 16): the person's own tasks (`mine` of GET tasks/counts/),
// under the tasks area's key so the tasks page and its actions keep it current. A task that
// appears, moves or goes ('tasks.changed' on the user's channel) or a reconnection asks again.
export function useOpenTaskCount(enabled: boolean): number | null {
  const queryClient = useQueryClient();
  const counts = useQuery({
    queryKey: taskKeys.counts(),
    queryFn: ({ signal }) => http.get(TASKS_PATHS.counts, TaskCountsSchema, { signal }),
    enabled,
    staleTime: 60_000,
  });
  const refresh = useCallback(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: taskKeys.counts() });
  }, [enabled, queryClient]);
  useRealtimeEvent('tasks.changed', refresh);
  useRealtimeReconnect(refresh);
  return counts.data?.mine ?? null;
}
