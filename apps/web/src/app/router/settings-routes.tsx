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
          {
            path: 'users',
            handle: { title: 'admin.nav.users' },
            lazy: async () => ({ Component: (await pages()).UsersRoute }),
          },
          {
            path: 'groups',
            handle: { title: 'admin.nav.groups' },
            lazy: async () => ({ Component: (await pages()).GroupsPage }),
          },
          {
            path: 'sso',
            handle: { title: 'admin.nav.sso' },
            lazy: async () => ({ Component: (await pages()).SsoProvidersPage }),
          },
          {
            path: 'security',
            handle: { title: 'admin.nav.security' },
            lazy: async () => ({ Component: (await pages()).SecuritySettingsPage }),
          },
          {
            path: 'branding',
            handle: { title: 'admin.nav.branding' },
            lazy: async () => ({ Component: (await pages()).BrandingRoute }),
          },
          {
            path: 'languages',
            handle: { title: 'admin.nav.languages' },
            lazy: async () => ({ Component: (await pages()).LanguagesPage }),
          },
          {
            path: 'shortcuts',
            handle: { title: 'admin.nav.shortcuts' },
            lazy: async () => ({ Component: (await pages()).ShortcutsSettingsPage }),
          },
          {
            path: 'audit',
            handle: { title: 'admin.nav.audit' },
            lazy: async () => ({ Component: (await pages()).AuditPage }),
          },
          {
            path: 'mailbox',
            handle: { title: 'admin.nav.mailbox' },
            lazy: async () => ({ Component: (await pages()).MailboxPage }),
          },
        ],
      },
    ],
  },
];
