// TanStack Query keys of the search area.
export type SearchParams = { q: string; kindId?: number; limit: number };

export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all, 'results', params] as const,
  advanced: (query: string) => [...searchKeys.all, 'advanced', query] as const,
};
