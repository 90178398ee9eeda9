import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from '../../features/auth';

const pages = () => import('./settings-pages');

// Administration (issue 3): people, groups, single sign-on, sign-in security, the audit trail and the
// development mailbox.
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <RequirePermission codename="can_access_admin_settings" />,
    children: [
      {
        lazy: async () => ({ Component: (await pages()).SettingsLayout }),
        children: [
          { index: true, element: <Navigate to="users" replace /> },
          { path: 'users', lazy: async () => ({ Component: (await pages()).UsersRoute }) },
          { path: 'groups', lazy: async () => ({ Component: (await pages()).GroupsPage }) },
          { path: 'sso', lazy: async () => ({ Component: (await pages()).SsoProvidersPage }) },
          { path: 'security', lazy: async () => ({ Component: (await pages()).SecuritySettingsPage }) },
          { path: 'audit', lazy: async () => ({ Component: (await pages()).AuditPage }) },
          { path: 'mailbox', lazy: async () => ({ Component: (await pages()).MailboxPage }) },
        ],
      },
    ],
  },
];
