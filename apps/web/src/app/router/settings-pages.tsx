import { useQuery } from '@tanstack/react-query';
import { ApiTokensPage, UsersPage } from '../../features/administration';
import { usePermissions, useSignedInUser } from '../../features/auth';
import { BadgesPage } from '../../features/badges';
import { useConfiguration } from '../../features/configuration';
import { BrandingPage } from '../../features/configuration/settings-pages';
import { SchedulerPage } from '../../features/scheduler';
import { HeaderPreview } from '../../features/shell';
import { kindsQueryOptions } from '../../features/workflow-list';
import { languageOptions } from '../../lib/i18n/language-options';
import { BadgeRuleBuilder } from './badge-rule-builder';

export {
  AccessSettingsPage,
  AuditPage,
  GroupsPage,
  MailboxPage,
  SecuritySettingsPage,
  SsoProvidersPage,
} from '../../features/administration';
export { GlobalSettingsPage, LanguagesPage } from '../../features/configuration/settings-pages';
export { ShortcutsSettingsPage } from '../../features/home';
export { SettingsLayout } from '../layout/settings-layout';

// The administration pages, loaded as one chunk only by the people who open them.
export function UsersRoute() {
  const { can } = usePermissions();
  const user = useSignedInUser();
  return <UsersPage can={can} currentUserId={user.id} />;
}

// Issue 19: a token's scopes are offered from the signed-in user's own permissions.
export function ApiTokensRoute() {
  const { can } = usePermissions();
  return <ApiTokensPage can={can} />;
}

// Issue 19: Settings > Branding's live preview is the shell's header, drawn from the unsaved values.
export function BrandingRoute() {
  return <BrandingPage renderPreview={(preview) => <HeaderPreview {...preview} />} />;
}

// Issue 19: Settings > Badges, with the dashboard's condition builder for rules and the kinds to
// restrict a badge to; its label is translated into the offered languages besides the default.
export function BadgesRoute() {
  const { can } = usePermissions();
  const kinds = useQuery(kindsQueryOptions());
  const configuration = useConfiguration();
  const languages = languageOptions(configuration).filter(
    (l) => l.code.toLowerCase() !== configuration.default_language.toLowerCase(),
  );
  return (
    <BadgesPage
      can={can}
      kinds={(kinds.data ?? []).map((k) => ({ id: k.id, name: k.name }))}
      renderRuleBuilder={(props) => <BadgeRuleBuilder {...props} />}
      languages={languages}
    />
  );
}

// Issue 19: Settings > Scheduler; the kinds a workflow list may be exported from.
export function SchedulerRoute() {
  const { can } = usePermissions();
  const kinds = useQuery(kindsQueryOptions());
  return <SchedulerPage can={can} kinds={(kinds.data ?? []).map((k) => ({ id: k.id, name: k.name }))} />;
}
