import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from '../../features/auth';
import { placeholder } from './placeholder-route';

const studioPages = () => import('../../features/studio');
const studioPage = (
  path: string,
  area: string,
  page:
    | 'StudioActivityPage'
    | 'StudioDiffPage'
    | 'StudioRecordDetailPage'
    | 'StudioRecordsPage'
    | 'StudioAppSettingsPage',
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
      placeholder('apps', 'studio'),
      placeholder('ai-app-builder', 'aiAppBuilder'),
      studioPage('activity-logs', 'studioActivityLogs', 'StudioActivityPage'),
      // Before apps/:id/*: a static segment outranks a branch's name.
      studioPage('apps/:id/diff', 'studio', 'StudioDiffPage'),
      studioPage('apps/:id/settings/*', 'studio', 'StudioAppSettingsPage'),
      studioPage('apps/:id/:branch/settings/*', 'studio', 'StudioAppSettingsPage'),
      studioPage('apps/:id/:branch/:savepoint/settings/*', 'studio', 'StudioAppSettingsPage'),
      // Branches, savepoints, settings, process and designer views all live under one app.
      placeholder('apps/:id/*', 'studio'),
      studioPage('records/:stage', 'studioRecords', 'StudioRecordsPage'),
      studioPage('records/:stage/:id', 'studioRecords', 'StudioRecordDetailPage'),
    ],
  },
];
