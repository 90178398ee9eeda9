import { Navigate, type RouteObject } from 'react-router';
import { DashboardHeaderActions } from '../layout/dashboard-header-actions';
import { WorkflowInstanceRedirect } from '../routes/workflow-instance-redirect';
import { placeholder } from './placeholder-route';
import type { RouteHandle } from './route-handle';

const dashboardHandle: RouteHandle = { headerActions: DashboardHeaderActions };

// Spec 1 section 2 and spec 2 section 2.2: the dashboard, process pages and everyday areas.
export const workflowRoutes: RouteObject[] = [
  placeholder('workflows/instances', 'dashboard', dashboardHandle),
  { path: 'workflows/instances/:id/*', element: <WorkflowInstanceRedirect /> },
  placeholder('process/:id', 'process'),
  placeholder('process/:id/map', 'progressMap'),
  placeholder('process/:id/wizard', 'wizard'),
  // Spec 1 section 2: a process path matching no known route goes home.
  { path: 'process/*', element: <Navigate to="/" replace /> },
  placeholder('home', 'home'),
  placeholder('tasks', 'tasks'),
  placeholder('search', 'search'),
  placeholder('mysubscriptions', 'subscriptions'),
  placeholder('file-preview', 'filePreview'),
  placeholder('download', 'download'),
  placeholder('api/v1/attachment', 'download'),
  placeholder('paypal/connect', 'paypal'),
  placeholder('beta-features', 'betaFeatures'),
];
