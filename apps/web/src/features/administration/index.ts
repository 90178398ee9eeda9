// The administration feature's public face (issue 13): the settings pages, which the app loads
// lazily as one chunk (app/router/settings-pages.tsx).
export { AccessSettingsPage } from './components/access/access-settings-page';
export { ApiTokensPage } from './components/api-tokens-page';
export { AuditPage } from './components/audit-page';
export { GroupsPage } from './components/groups-page';
export { MailboxPage } from './components/mailbox-page';
export { SecuritySettingsPage } from './components/security-settings-page';
export { SsoProvidersPage } from './components/sso-providers-page';
export { UsersPage } from './components/users-page';
