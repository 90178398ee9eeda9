import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from '../../features/auth';
import { WorkflowInstanceRedirect } from '../routes/workflow-instance-redirect';
import { placeholder } from './placeholder-route';
import type { RouteHandle } from './route-handle';

// The dashboard's page and its header icons arrive together, on demand (issue 14: a light first load).
async function dashboardRoute() {
  const [{ DashboardRoute }, { DashboardHeaderActions }] = await Promise.all([
    import('../routes/dashboard-route'),
    import('../layout/dashboard-header-actions'),
  ]);
  const handle: RouteHandle = { headerActions: DashboardHeaderActions, area: 'dashboard' };
  return { Component: DashboardRoute, handle };
}

const processPages = () => import('./process-pages');
const processPage = async () => ({ Component: (await processPages()).ProcessPage });

// Spec 1 section 2: /process/{id}/without-header is the process page outside the app header; the
// root routes mount it under the header-less layout.
export const processWithoutHeaderRoute: RouteObject = {
  path: 'process/:id/without-header',
  handle: { area: 'process' },
  lazy: processPage,
};

// Spec 1 section 2 and spec 2 section 2.2: the dashboard, process pages and everyday areas.
export const workflowRoutes: RouteObject[] = [
  {
    path: 'workflows/instances',
    lazy: dashboardRoute,
  },
  { path: 'workflows/instances/:id/*', element: <WorkflowInstanceRedirect /> },
  { path: 'process/:id', handle: { area: 'process' }, lazy: processPage },
  {
    path: 'process/:id/map',
    handle: { area: 'progressMap' },
    lazy: async () => ({ Component: (await processPages()).ProgressMapPage }),
  },
  {
    path: 'process/:id/wizard',
    handle: { area: 'wizard' },
    lazy: async () => ({ Component: (await processPages()).WizardPage }),
  },
  // Spec 1 section 2: a process path matching no known route goes home.
  { path: 'process/*', element: <Navigate to="/" replace /> },
  {
    path: 'home',
    handle: { title: 'home.title' },
    lazy: async () => ({ Component: (await import('../../features/home/components/home-page')).HomePage }),
  },
  // Issue 16: the task inbox, for people with 'Can view tasks'.
  {
    path: 'tasks',
    element: <RequirePermission codename="can_view_tasks" />,
    children: [
      {
        index: true,
        handle: { area: 'tasks' },
        lazy: async () => ({
          Component: (await import('../../features/tasks/components/tasks-page')).TasksPage,
        }),
      },
    ],
  },
  // Spec 2 §9.4 global and advanced search (issue 16).
  {
    path: 'search',
    handle: { area: 'search' },
    lazy: async () => ({
      Component: (await import('../../features/search/components/search-page')).SearchPage,
    }),
  },
  {
    path: 'mysubscriptions',
    handle: { title: 'subscriptions.title' },
    lazy: async () => ({
      Component: (await import('../../features/mentions/components/subscriptions/my-subscriptions-page'))
        .MySubscriptionsPage,
    }),
  },
  {
    path: 'notifications',
    handle: { title: 'notifications.title' },
    lazy: async () => ({
      Component: (await import('../../features/notifications/components/notifications-page'))
        .NotificationsPage,
    }),
  },
  placeholder('file-preview', 'filePreview'),
  placeholder('download', 'download'),
  // Spec 2 §2.2: the attachment view; the server serves this app for it to browsers only.
  {
    path: 'api/v1/attachment',
    lazy: async () => ({
      Component: (await import('../../features/workflows/components/attachment-view-page'))
        .AttachmentViewPage,
    }),
  },
  placeholder('paypal/connect', 'paypal'),
  placeholder('beta-features', 'betaFeatures'),
];
