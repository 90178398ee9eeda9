import { UsersPage } from '../../features/administration';
import { usePermissions, useSignedInUser } from '../../features/auth';

export {
  AuditPage,
  GroupsPage,
  MailboxPage,
  SecuritySettingsPage,
  SsoProvidersPage,
} from '../../features/administration';
export { ShortcutsSettingsPage } from '../../features/home';
export { SettingsLayout } from '../layout/settings-layout';

// The administration pages, loaded as one chunk only by the people who open them.
export function UsersRoute() {
  const { can } = usePermissions();
  const user = useSignedInUser();
  return <UsersPage can={can} currentUserId={user.id} />;
}
