import {
  DASHBOARD_PATHS,
  FieldsExportSchema,
  KindAlertCountsSchema,
  KindCountsSchema,
  KindWorkflowCountsSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';

// Spec 1 §4: selecting a kind loads its task queues, its alerts (only for users who may view alerts)
// and its advanced-filter field data.
// The queue and alert counts follow the list's filters as the kind counts do (`filters`: the kind
// counts' query, without what only makes sense within one kind), issue 14.
const withFilters = (path: string, filters: string, first = '') =>
  `${path}?${[first, filters].filter(Boolean).join('&')}`.replace(/\?$/, '');

export const kindQueuesQueryOptions = (kindId: number, filters = '') =>
  queryOptions({
    queryKey: dashboardKeys.queues(kindId, filters),
    queryFn: ({ signal }) =>
      http.get(withFilters(DASHBOARD_PATHS.kindCount(kindId), filters, 'type=stepgroup'), KindCountsSchema, {
        signal,
      }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const kindAlertsQueryOptions = (kindId: number, filters = '') =>
  queryOptions({
    queryKey: dashboardKeys.alerts(kindId, filters),
    queryFn: ({ signal }) =>
      http.get(withFilters(DASHBOARD_PATHS.kindAlertCount(kindId), filters), KindAlertCountsSchema, {
        signal,
      }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
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

export function useKindData(kindId: number | undefined, canViewAlerts: boolean, filters = '') {
  const id = kindId ?? 0;
  const queues = useQuery({ ...kindQueuesQueryOptions(id, filters), enabled: kindId !== undefined });
  const alerts = useQuery({
    ...kindAlertsQueryOptions(id, filters),
    enabled: kindId !== undefined && canViewAlerts,
  });
  const fields = useQuery({ ...kindFieldsQueryOptions(id), enabled: kindId !== undefined });
  return { queues, alerts, fields };
}

export type KindCount = { count: number; estimate: boolean };

// The left sidebar's count per kind under the current filters (the page leaves out what only makes
// sense within one kind): one request for every kind (GET workflow-kinds/counts/), whatever their
// number. A filter change makes a new key, and TanStack Query cancels the request in flight once
// nothing observes it (its signal is consumed), so an old answer is never shown.
export const kindCountsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: dashboardKeys.kindCounts(query),
    queryFn: ({ signal }) =>
      http.get(`${DASHBOARD_PATHS.kindWorkflowCounts}${query ? `?${query}` : ''}`, KindWorkflowCountsSchema, {
        signal,
      }),
    staleTime: 30_000,
    select: (data): Map<number, KindCount> =>
      new Map(data.results.map((r) => [r.kind_id, { count: r.count, estimate: r.count_is_estimate }])),
  });

export function useKindCounts(baseQuery: URLSearchParams) {
  return useQuery(kindCountsQueryOptions(baseQuery.toString()));
}
