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
            path: 'tokens',
            handle: { title: 'admin.nav.tokens' },
            lazy: async () => ({ Component: (await pages()).ApiTokensRoute }),
          },
          {
            path: 'shortcuts',
            handle: { title: 'admin.nav.shortcuts' },
            lazy: async () => ({ Component: (await pages()).ShortcutsSettingsPage }),
          },
          {
            // Issue 19: seeing badge definitions has its own permission (spec 2 §6).
            path: 'badges',
            handle: { title: 'admin.nav.badges' },
            element: <RequirePermission codename="can_view_badge_definitions" />,
            children: [{ index: true, lazy: async () => ({ Component: (await pages()).BadgesRoute }) }],
          },
          {
            // Issue 19: Settings > Scheduler, for those with 'Can access scheduler' (spec 2 §6).
            path: 'scheduler',
            handle: { title: 'admin.nav.scheduler' },
            element: <RequirePermission codename="can_access_scheduler" />,
            children: [{ index: true, lazy: async () => ({ Component: (await pages()).SchedulerRoute }) }],
          },
          {
            path: 'access',
            handle: { title: 'admin.nav.access' },
            lazy: async () => ({ Component: (await pages()).AccessSettingsPage }),
          },
          {
            path: 'global',
            handle: { title: 'admin.nav.global' },
            lazy: async () => ({ Component: (await pages()).GlobalSettingsPage }),
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
