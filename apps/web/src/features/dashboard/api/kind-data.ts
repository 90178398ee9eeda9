import {
  DASHBOARD_PATHS,
  FieldsExportSchema,
  KindAlertCountsSchema,
  KindCountsSchema,
  WorkflowListPageSchema,
} from '@attest/shared';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// Spec 1 §4: selecting a kind loads its task queues, its alerts (only for users who may view alerts)
// and its advanced-filter field data.
export const kindQueuesQueryOptions = (kindId: number) =>
  queryOptions({
    queryKey: dashboardKeys.queues(kindId),
    queryFn: ({ signal }) =>
      http.get(DASHBOARD_PATHS.kindCount(kindId), KindCountsSchema, { query: { type: 'stepgroup' }, signal }),
    staleTime: 30_000,
  });

export const kindAlertsQueryOptions = (kindId: number) =>
  queryOptions({
    queryKey: dashboardKeys.alerts(kindId),
    queryFn: ({ signal }) =>
      http.get(DASHBOARD_PATHS.kindAlertCount(kindId), KindAlertCountsSchema, { signal }),
    staleTime: 30_000,
  });

export const kindFieldsQueryOptions = (kindId: number) =>
  queryOptions({
    queryKey: dashboardKeys.fields(kindId),
    queryFn: ({ signal }) =>
      http.get(DASHBOARD_PATHS.fieldsExportJson, FieldsExportSchema, {
        query: { active_kind: kindId },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export function useKindData(kindId: number | undefined, canViewAlerts: boolean) {
  const id = kindId ?? 0;
  const queues = useQuery({ ...kindQueuesQueryOptions(id), enabled: kindId !== undefined });
  const alerts = useQuery({ ...kindAlertsQueryOptions(id), enabled: kindId !== undefined && canViewAlerts });
  const fields = useQuery({ ...kindFieldsQueryOptions(id), enabled: kindId !== undefined });
  return { queues, alerts, fields };
}

// The left sidebar's count per kind: the current filters with that kind instead of the chosen one
// (one row asked for: only the count matters).
export function useKindCounts(kindIds: readonly number[], baseQuery: URLSearchParams) {
  return useQueries({
    queries: kindIds.map((kindId) => {
      const params = new URLSearchParams(baseQuery);
      params.set('kind_id', String(kindId));
      params.set('limit', '1');
      params.delete('page');
      params.delete('ordering');
      const query = params.toString();
      return {
        queryKey: dashboardKeys.kindCounts(query),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          http.get(`${DASHBOARD_PATHS.workflows}?${query}`, WorkflowListPageSchema, { signal }),
        staleTime: 30_000,
        select: (page: { count: number; count_is_estimate: boolean }) => ({
          count: page.count,
          estimate: page.count_is_estimate,
        }),
      };
    }),
  });
}
