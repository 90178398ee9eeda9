import { UsersPage } from '../../features/administration/components/users-page';
import { usePermissions } from '../../features/auth/api/get-permissions';
import { useSignedInUser } from '../../features/auth/api/use-signed-in-user';

export { AuditPage } from '../../features/administration/components/audit-page';
export { GroupsPage } from '../../features/administration/components/groups-page';
export { MailboxPage } from '../../features/administration/components/mailbox-page';
export { SecuritySettingsPage } from '../../features/administration/components/security-settings-page';
export { SsoProvidersPage } from '../../features/administration/components/sso-providers-page';
export { SettingsLayout } from '../layout/settings-layout';

// The administration pages, loaded as one chunk only by the people who open them.
export function UsersRoute() {
  const { can } = usePermissions();
  const user = useSignedInUser();
  return <UsersPage can={can} currentUserId={user.id} />;
}
