import type { TaskFilters } from '../lib/task-filters';
import type { TaskListParams } from '../lib/task-query';

// TanStack Query keys of the tasks area; a 'tasks.changed' event and every task action invalidate
// `all`, so the list, the counts and the delegations all refetch.
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: TaskListParams) => [...taskKeys.lists(), params] as const,
  counts: (filters?: TaskFilters) =>
    filters ? ([...taskKeys.all, 'counts', filters] as const) : ([...taskKeys.all, 'counts'] as const),
  delegations: () => [...taskKeys.all, 'delegations'] as const,
  lookups: () => ['task-lookups'] as const,
  statuses: (kindId: number | null) => [...taskKeys.lookups(), 'statuses', kindId] as const,
  people: () => [...taskKeys.lookups(), 'people'] as const,
};
