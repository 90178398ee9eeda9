export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  permissions: () => [...authKeys.all, 'permissions'] as const,
  captcha: () => [...authKeys.all, 'captcha'] as const,
  ssoProviders: () => [...authKeys.all, 'sso-providers'] as const,
};
