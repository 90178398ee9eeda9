// One factory for every dashboard query key (STYLE rule 10); mutations invalidate through it.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  lists: () => [...dashboardKeys.all, 'list'] as const,
  list: (query: string) => [...dashboardKeys.lists(), query] as const,
  kinds: () => [...dashboardKeys.all, 'kinds'] as const,
  kindCounts: (query: string) => [...dashboardKeys.all, 'kind-counts', query] as const,
  statuses: () => [...dashboardKeys.all, 'statuses'] as const,
  regions: () => [...dashboardKeys.all, 'regions'] as const,
  people: () => [...dashboardKeys.all, 'people'] as const,
  businessUnits: (regionIds: readonly number[]) =>
    [...dashboardKeys.all, 'business-units', regionIds] as const,
  queues: (kindId: number, filters = '') => [...dashboardKeys.all, 'queues', kindId, filters] as const,
  alerts: (kindId: number, filters = '') => [...dashboardKeys.all, 'alerts', kindId, filters] as const,
  fields: (kindId: number) => [...dashboardKeys.all, 'fields', kindId] as const,
  columns: (scope: 'all' | number) => [...dashboardKeys.all, 'columns', scope] as const,
  savedFilters: () => [...dashboardKeys.all, 'saved-filters'] as const,
  recent: () => [...dashboardKeys.all, 'recent'] as const,
  preferredRegion: (workflowId: number) => [...dashboardKeys.all, 'preferred-region', workflowId] as const,
};
