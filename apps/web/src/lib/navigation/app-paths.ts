// Paths that more than one feature links to; each feature's own routes stay with it.
export const APP_PATHS = {
  accountSecurity: '/account/security',
  settingsUsers: '/settings/users',
  settingsGroups: '/settings/groups',
  settingsMailbox: '/settings/mailbox',
  settingsAudit: '/settings/audit',
  settingsSso: '/settings/sso',
  settingsSecurity: '/settings/security',
  settingsBranding: '/settings/branding',
  settingsLanguages: '/settings/languages',
  settingsAccess: '/settings/access',
  settingsGlobal: '/settings/global',
  settingsTokens: '/settings/tokens',
  settingsShortcuts: '/settings/shortcuts',
  settingsBadges: '/settings/badges',
  settingsScheduler: '/settings/scheduler',
} as const;
