import {
  type DashboardColumns,
  DashboardColumnsSchema,
  type DashboardColumnsScope,
  PREFERENCE_PATHS,
} from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { dashboardKeys } from './dashboard-keys';

// Issue 14: the columns a person chose for the dashboard, kept on the server per user and per
// workflow kind ('all': the list of every kind), so they follow them to any browser.
export const dashboardColumnsQueryOptions = (scope: DashboardColumnsScope) =>
  queryOptions({
    queryKey: dashboardKeys.columns(scope),
    queryFn: ({ signal }) =>
      request(PREFERENCE_PATHS.dashboardColumns(scope), DashboardColumnsSchema, { method: 'GET', signal }),
    staleTime: 5 * 60_000,
  });

export function useDashboardColumns(scope: DashboardColumnsScope) {
  return useQuery(dashboardColumnsQueryOptions(scope));
}

// Shown at once (optimistic); put back if the server refuses.
export function useSaveDashboardColumns(scope: DashboardColumnsScope) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.columns(scope);
  return useMutation({
    mutationFn: (columns: string[]) =>
      request(PREFERENCE_PATHS.dashboardColumns(scope), DashboardColumnsSchema, {
        method: 'PUT',
        body: { columns },
      }),
    onMutate: async (columns) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DashboardColumns>(key);
      queryClient.setQueryData<DashboardColumns>(key, { columns });
      return { previous };
    },
    onError: (_error, _columns, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error('dashboard.columnChooser.saveFailed', { id: 'dashboard-columns' });
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
