export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  permissions: () => [...authKeys.all, 'permissions'] as const,
};
