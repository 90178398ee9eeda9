import {
  type CreateDashboardRequest,
  type Dashboard,
  DashboardSchema,
  DashboardsPageSchema,
  PAGE_SIZE,
  REPORT_PATHS,
  type UpdateDashboardRequest,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request, send } from '../../../lib/api/http-client';
import { reportKeys } from './report-keys';

// Forms show the server's 400 themselves.
const HANDLED = [400] as const;

export function getDashboards(page: number, q: string) {
  return http.get(REPORT_PATHS.dashboards, DashboardsPageSchema, {
    query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, q: q.trim() || undefined },
  });
}

export const dashboardsQueryOptions = (page: number, q: string) =>
  queryOptions({
    queryKey: reportKeys.dashboardsPage(page, q.trim()),
    queryFn: () => getDashboards(page, q),
    placeholderData: keepPreviousData,
  });

export function useDashboards(page: number, q: string) {
  return useQuery(dashboardsQueryOptions(page, q));
}

export function getDashboard(id: number) {
  return http.get(REPORT_PATHS.dashboard(id), DashboardSchema);
}

export const dashboardQueryOptions = (id: number) =>
  queryOptions({ queryKey: reportKeys.dashboard(id), queryFn: () => getDashboard(id) });

export function useDashboard(id: number) {
  return useQuery(dashboardQueryOptions(id));
}

export function createDashboard(body: CreateDashboardRequest): Promise<Dashboard> {
  return http.post(REPORT_PATHS.dashboards, body, DashboardSchema, { handledStatuses: HANDLED });
}

export function updateDashboard({ id, ...changes }: UpdateDashboardRequest & { id: number }) {
  return request(REPORT_PATHS.dashboard(id), DashboardSchema, {
    method: 'PATCH',
    body: changes,
    handledStatuses: HANDLED,
  });
}

export async function deleteDashboard(id: number): Promise<void> {
  await send(REPORT_PATHS.dashboard(id), { method: 'DELETE' });
}

function useInvalidateDashboards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportKeys.all });
}

export function useCreateDashboard() {
  return useMutation({ mutationFn: createDashboard, onSuccess: useInvalidateDashboards() });
}

export function useUpdateDashboard() {
  return useMutation({ mutationFn: updateDashboard, onSuccess: useInvalidateDashboards() });
}

export function useDeleteDashboard() {
  return useMutation({ mutationFn: deleteDashboard, onSuccess: useInvalidateDashboards() });
}
