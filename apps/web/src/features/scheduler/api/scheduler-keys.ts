// TanStack Query keys of the scheduler area; every change invalidates `all`.
export const schedulerKeys = {
  all: ['scheduler'] as const,
  list: (page: number) => [...schedulerKeys.all, 'list', page] as const,
  reports: (q: string) => [...schedulerKeys.all, 'reports', q] as const,
};
