import {
  type CreateReportRequest,
  parseReportConfig,
  REPORT_PATHS,
  type Report,
  ReportListSchema,
  ReportResultSchema,
  ReportSchema,
  type SortOrdering,
  sortByFirstGroupBy,
  type UpdateReportRequest,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api/api-url';
import { http, request, send } from '../../../lib/api/http-client';
import { type ReportDataPage, reportKeys } from './report-keys';

// The builder shows the server's 400 (config problems) itself.
const HANDLED = [400] as const;

export function getDashboardReports(dashboardId: number) {
  return http.get(REPORT_PATHS.dashboardReports(dashboardId), ReportListSchema);
}

export function useDashboardReports(dashboardId: number) {
  return useQuery({
    queryKey: reportKeys.dashboardReports(dashboardId),
    queryFn: () => getDashboardReports(dashboardId),
  });
}

export function getReport(id: number) {
  return http.get(REPORT_PATHS.report(id), ReportSchema);
}

export const reportQueryOptions = (id: number) =>
  queryOptions({ queryKey: reportKeys.report(id), queryFn: () => getReport(id) });

export function useReport(id: number | null) {
  return useQuery({ ...reportQueryOptions(id ?? 0), enabled: id !== null });
}

// A page of the report's results; keyed by the report's last change so an edit reloads it.
export function getReportData(id: number, page: ReportDataPage | null) {
  return http.get(REPORT_PATHS.reportData(id), ReportResultSchema, { query: page ?? undefined });
}

export function useReportData(
  report: Pick<Report, 'id' | 'updated_at'>,
  enabled: boolean,
  page: ReportDataPage | null = null,
) {
  return useQuery({
    queryKey: reportKeys.reportData(report.id, report.updated_at, page),
    queryFn: () => getReportData(report.id, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function previewReport(config: Record<string, unknown>) {
  return http.post(REPORT_PATHS.preview, { config }, ReportResultSchema, { handledStatuses: HANDLED });
}

// The CSV: a plain GET the browser follows with the session cookie.
export function reportCsvUrl(id: number): string {
  return apiUrl(REPORT_PATHS.reportCsv(id));
}

export function createReport(body: CreateReportRequest): Promise<Report> {
  return http.post(REPORT_PATHS.reports, body, ReportSchema, { handledStatuses: HANDLED });
}

export function updateReport({ id, ...changes }: UpdateReportRequest & { id: number }): Promise<Report> {
  return request(REPORT_PATHS.report(id), ReportSchema, {
    method: 'PATCH',
    body: changes,
    handledStatuses: HANDLED,
  });
}

export async function deleteReport(id: number): Promise<void> {
  await send(REPORT_PATHS.report(id), { method: 'DELETE' });
}

function useInvalidateReports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportKeys.all });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport, onSuccess: useInvalidateReports() });
}

export function useUpdateReport() {
  return useMutation({ mutationFn: updateReport, onSuccess: useInvalidateReports() });
}

export function useDeleteReport() {
  return useMutation({ mutationFn: deleteReport, onSuccess: useInvalidateReports() });
}

export function usePreviewReport() {
  return useMutation({ mutationFn: previewReport });
}

// Spec 2 §4.2: a dragged bar or heat-map column order is kept in other_configurations.data_order.
// The whole configuration is sent (the PATCH replaces it), with only data_order changed; the
// report's cached copy follows at once, so the chart does not jump back while the request runs.
export function useSaveReportDataOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, dataOrder }: { report: Report; dataOrder: string[] }) => {
      const config = report.config;
      const other = (config.other_configurations ?? {}) as Record<string, unknown>;
      return updateReport({
        id: report.id,
        config: { ...config, other_configurations: { ...other, data_order: dataOrder } },
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(reportKeys.report(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: reportKeys.dashboards() });
    },
  });
}

// Spec 2 §4.2: the sort toggle saves the report sorted by its first group-by; the new sort clears
// the dragged order (sortByFirstGroupBy).
export function useSortReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, ordering }: { report: Report; ordering: SortOrdering }) => {
      const config = parseReportConfig(report.config);
      if (!config) throw new Error('The report configuration is not valid.');
      return updateReport({ id: report.id, config: sortByFirstGroupBy(config, ordering) });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(reportKeys.report(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: reportKeys.dashboards() });
    },
  });
}
