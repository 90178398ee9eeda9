import type { PageRequest } from './page-request';

export const adminKeys = {
  all: ['administration'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersPage: (page: PageRequest) => [...adminKeys.users(), page] as const,
  userAccess: (id: number) => [...adminKeys.users(), id, 'access'] as const,
  groups: () => [...adminKeys.all, 'groups'] as const,
  groupsPage: (page: PageRequest) => [...adminKeys.groups(), page] as const,
  permissions: () => [...adminKeys.all, 'permissions'] as const,
  regions: () => [...adminKeys.all, 'regions'] as const,
  businessUnits: () => [...adminKeys.all, 'business-units'] as const,
  ssoProviders: () => [...adminKeys.all, 'sso-providers'] as const,
  securitySettings: () => [...adminKeys.all, 'security-settings'] as const,
  apiTokens: () => [...adminKeys.all, 'api-tokens'] as const,
  apiTokensPage: (page: PageRequest) => [...adminKeys.apiTokens(), page] as const,
  audit: (page: PageRequest) => [...adminKeys.all, 'audit', page] as const,
  mailbox: (page: PageRequest) => [...adminKeys.all, 'mailbox', page] as const,
};
