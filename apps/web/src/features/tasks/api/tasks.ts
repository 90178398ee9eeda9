import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import type { TaskFilters } from '../lib/task-filters';
import { type TaskListParams, toFilterQuery, toListQuery } from '../lib/task-query';
import { TASKS_PATHS, TaskCountsSchema, TaskListPageSchema } from './task-contract';
import { taskKeys } from './task-keys';

export function getTasks(params: TaskListParams, signal?: AbortSignal) {
  return http.get(TASKS_PATHS.list, TaskListPageSchema, { query: toListQuery(params), signal });
}

export const tasksQueryOptions = (params: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => getTasks(params, signal),
    // Changes arrive over the socket ('tasks.changed'); the previous page stays while the next loads.
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: TaskListParams) => useQuery(tasksQueryOptions(params));

// The tab counts answer the same filters as the list, so a tab's number matches what it lists.
export const taskCountsQueryOptions = (filters: TaskFilters) =>
  queryOptions({
    queryKey: taskKeys.counts(filters),
    queryFn: ({ signal }) =>
      http.get(TASKS_PATHS.counts, TaskCountsSchema, { query: toFilterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

export const useTaskCounts = (filters: TaskFilters) => useQuery(taskCountsQueryOptions(filters));
