// A page of a report's value rows; null: the server's default first page.
export type ReportDataPage = { limit: number; offset: number };

// One factory for the reports query keys (STYLE rule 10).
export const reportKeys = {
  all: ['reports'] as const,
  dashboards: () => [...reportKeys.all, 'dashboards'] as const,
  dashboardsPage: (page: number, q: string) => [...reportKeys.dashboards(), 'page', page, q] as const,
  dashboard: (id: number) => [...reportKeys.dashboards(), id] as const,
  dashboardReports: (id: number) => [...reportKeys.dashboards(), id, 'reports'] as const,
  report: (id: number) => [...reportKeys.all, 'report', id] as const,
  reportData: (id: number, updatedAt: string, page: ReportDataPage | null) =>
    [...reportKeys.report(id), 'data', updatedAt, page] as const,
  favourites: () => [...reportKeys.all, 'favourites'] as const,
};
