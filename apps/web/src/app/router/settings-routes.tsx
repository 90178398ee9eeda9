import { Navigate, type RouteObject } from 'react-router';
import { AuditPage } from '../../features/administration/components/audit-page';
import { GroupsPage } from '../../features/administration/components/groups-page';
import { MailboxPage } from '../../features/administration/components/mailbox-page';
import { SsoProvidersPage } from '../../features/administration/components/sso-providers-page';
import { UsersPage } from '../../features/administration/components/users-page';
import { usePermissions } from '../../features/auth/api/get-permissions';
import { useSignedInUser } from '../../features/auth/api/use-signed-in-user';
import { RequirePermission } from '../../features/auth/routes/require-permission';
import { SettingsLayout } from '../layout/settings-layout';

function UsersRoute() {
  const { can } = usePermissions();
  const user = useSignedInUser();
  return <UsersPage can={can} currentUserId={user.id} />;
}

// Administration (issue 3): people, groups, single sign-on, the audit trail and the development mailbox.
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <RequirePermission codename="can_access_admin_settings" />,
    children: [
      {
        element: <SettingsLayout />,
        children: [
          { index: true, element: <Navigate to="users" replace /> },
          { path: 'users', element: <UsersRoute /> },
          { path: 'groups', element: <GroupsPage /> },
          { path: 'sso', element: <SsoProvidersPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'mailbox', element: <MailboxPage /> },
        ],
      },
    ],
  },
];
