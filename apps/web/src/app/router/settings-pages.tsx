import { UsersPage } from '../../features/administration';
import { usePermissions, useSignedInUser } from '../../features/auth';
import { BrandingPage } from '../../features/configuration';
import { HeaderPreview } from '../../features/shell';

export {
  AuditPage,
  GroupsPage,
  MailboxPage,
  SecuritySettingsPage,
  SsoProvidersPage,
} from '../../features/administration';
export { ShortcutsSettingsPage } from '../../features/home';
export { LanguagesPage } from '../../features/configuration';
export { SettingsLayout } from '../layout/settings-layout';

// The administration pages, loaded as one chunk only by the people who open them.
export function UsersRoute() {
  const { can } = usePermissions();
  const user = useSignedInUser();
  return <UsersPage can={can} currentUserId={user.id} />;
}

// Issue 19: Settings > Branding's live preview is the shell's header, drawn from the unsaved values.
export function BrandingRoute() {
  return <BrandingPage renderPreview={(preview) => <HeaderPreview {...preview} />} />;
}
