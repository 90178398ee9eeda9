import { Navigate, type RouteObject, useLocation } from 'react-router';
import { RequirePermission } from '../../features/auth';
import { withoutFirstThreeSegments } from '../../features/reports/lib/legacy-redirect';

const pages = () => import('./report-pages');

// Spec 2 §2.1: two legacy report paths go to the current location without its first three path
// segments (docs/reports.md: /app/reports/v1/… and /embed/reports/v1/…).
function LegacyReportRedirect() {
  return <Navigate to={withoutFirstThreeSegments(useLocation())} replace />;
}

// Spec 2 section 2.1, with the permissions of §6: viewing needs can_view_process_report, a new
// report can_add_process_report and an edit can_change_process_report (the API refuses them too).
export const reportRoutes: RouteObject[] = [
  {
    element: <RequirePermission codename="can_view_process_report" />,
    children: [
      {
        path: 'dashboards',
        handle: { area: 'reports' },
        lazy: async () => ({ Component: (await pages()).DashboardsRoute }),
      },
      {
        path: 'dashboard/:dashboardId',
        handle: { area: 'reports' },
        lazy: async () => ({ Component: (await pages()).DashboardRoute }),
      },
      {
        path: 'dashboards/:dashboardId/report/:reportId',
        handle: { area: 'report' },
        lazy: async () => ({ Component: (await pages()).ReportRoute }),
      },
      {
        path: 'report/:reportId',
        handle: { area: 'report' },
        lazy: async () => ({ Component: (await pages()).ReportRoute }),
      },
      {
        element: <RequirePermission codename="can_add_process_report" />,
        handle: { area: 'reportEditor' },
        children: [
          {
            path: 'dashboards/:dashboardId/report/new',
            lazy: async () => ({ Component: (await pages()).ReportBuilderRoute }),
          },
          {
            path: 'dashboards/:dashboardId/records-report/new',
            lazy: async () => ({ Component: (await pages()).RecordsReportRoute }),
          },
        ],
      },
      {
        element: <RequirePermission codename="can_change_process_report" />,
        handle: { area: 'reportEditor' },
        children: [
          {
            path: 'dashboards/:dashboardId/report/:reportId/edit',
            lazy: async () => ({ Component: (await pages()).ReportBuilderRoute }),
          },
          {
            path: 'report/:reportId/edit',
            lazy: async () => ({ Component: (await pages()).ReportBuilderRoute }),
          },
        ],
      },
    ],
  },
  {
    path: 'reports/tableau',
    handle: { title: 'reports.tableau.title' },
    lazy: async () => ({ Component: (await pages()).TableauRoute }),
  },
  { path: 'app/reports/v1/*', element: <LegacyReportRedirect /> },
  { path: 'embed/reports/v1/*', element: <LegacyReportRedirect /> },
];
