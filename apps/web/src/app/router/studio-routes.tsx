import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from '../../features/auth';
import { placeholder } from './placeholder-route';

const appPages = () => import('../../features/studio/apps/app-routes');
const studioPages = () => import('../../features/studio');
const studioPage = (
  path: string,
  area: string,
  page:
    | 'StudioActivityPage'
    | 'StudioDiffPage'
    | 'StudioRecordDetailPage'
    | 'StudioRecordsPage'
    | 'StudioAppSettingsPage'
    | 'ProcessDesignerPage'
    | 'ObjectDesignerPage'
    | 'ProcessOverviewPage',
): RouteObject => ({
  path,
  handle: { area },
  lazy: async () => ({ Component: (await studioPages())[page] }),
});

// Spec 2 section 2.4: studio is for people with can_access_studio.
export const studioRoutes: RouteObject[] = [
  {
    path: 'studio',
    element: <RequirePermission codename="can_access_studio" />,
    children: [
      { index: true, element: <Navigate to="/studio/apps/" replace /> },
      {
        path: 'apps',
        handle: { area: 'studio' },
        lazy: async () => ({ Component: (await appPages()).StudioAppsRoute }),
      },
      placeholder('ai-app-builder', 'aiAppBuilder'),
      studioPage('activity-logs', 'studioActivityLogs', 'StudioActivityPage'),
      // Before apps/:id/:branch(/:savepoint): a static segment outranks a branch's name.
      studioPage('apps/:id/diff', 'studio', 'StudioDiffPage'),
      studioPage('apps/:id/settings/*', 'studio', 'StudioAppSettingsPage'),
      studioPage('apps/:id/:branch/settings/*', 'studio', 'StudioAppSettingsPage'),
      studioPage('apps/:id/:branch/:savepoint/settings/*', 'studio', 'StudioAppSettingsPage'),
      {
        path: 'apps/:id',
        handle: { area: 'studio' },
        lazy: async () => ({ Component: (await appPages()).StudioAppRoute }),
      },
      // The designer (a savepoint's process read-only) and the process page; before :branch/:savepoint.
      studioPage('apps/:id/:branch/designer/:process', 'studio', 'ProcessDesignerPage'),
      studioPage('apps/:id/:branch/designer/:process/:processSavepointId', 'studio', 'ProcessDesignerPage'),
      studioPage('apps/:id/:branch/process/:process', 'studio', 'ProcessOverviewPage'),
      // Issue 18: an object type's designer (spec 2 §2.4's objects designer, path not shown there).
      studioPage('apps/:id/:branch/objects/:object', 'studio', 'ObjectDesignerPage'),
      studioPage('apps/:id/:branch/process/:process/:processSavepointId', 'studio', 'ProcessOverviewPage'),
      {
        path: 'apps/:id/:branch',
        handle: { area: 'studio' },
        lazy: async () => ({ Component: (await appPages()).StudioAppRoute }),
      },
      {
        path: 'apps/:id/:branch/:savepoint',
        handle: { area: 'studio' },
        lazy: async () => ({ Component: (await appPages()).StudioAppRoute }),
      },
      studioPage('records/:stage', 'studioRecords', 'StudioRecordsPage'),
      studioPage('records/:stage/:id', 'studioRecords', 'StudioRecordDetailPage'),
    ],
  },
];
