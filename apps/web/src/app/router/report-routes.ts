import type { RouteObject } from 'react-router';
import { placeholder } from './placeholder-route';

// Spec 2 section 2.1.
export const reportRoutes: RouteObject[] = [
  placeholder('dashboards', 'reports'),
  placeholder('dashboard/:dashboardId', 'reports'),
  placeholder('dashboards/:dashboardId/report/new', 'reportEditor'),
  placeholder('dashboards/:dashboardId/report/:reportId/edit', 'reportEditor'),
  placeholder('dashboards/:dashboardId/report/:reportId', 'report'),
  placeholder('dashboards/:dashboardId/records-report/new', 'reportEditor'),
  placeholder('report/:reportId', 'report'),
  placeholder('report/:reportId/edit', 'reportEditor'),
  placeholder('reports/tableau', 'reports'),
];
