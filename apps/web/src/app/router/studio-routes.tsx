import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from '../../features/auth';
import { placeholder } from './placeholder-route';

// Spec 2 section 2.4: studio is for people with can_access_studio.
export const studioRoutes: RouteObject[] = [
  {
    path: 'studio',
    element: <RequirePermission codename="can_access_studio" />,
    children: [
      { index: true, element: <Navigate to="/studio/apps/" replace /> },
      placeholder('apps', 'studio'),
      placeholder('ai-app-builder', 'aiAppBuilder'),
      placeholder('activity-logs', 'studioActivityLogs'),
      // Branches, savepoints, settings, process and designer views all live under one app.
      placeholder('apps/:id/*', 'studio'),
      placeholder('records/:stage', 'studioRecords'),
      placeholder('records/:stage/:id', 'studioRecords'),
    ],
  },
];
