export const accountKeys = {
  all: ['account-security'] as const,
  sessions: (page: number) => [...accountKeys.all, 'sessions', page] as const,
  sessionsAll: () => [...accountKeys.all, 'sessions'] as const,
};
