import { HOME_SECTION_PAGE_SIZE, TASKS_PATHS, text } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

// What "Waiting on you" shows of a task row (the tasks API's TaskRow, docs/tasks.md).
const WaitingTaskSchema = z.object({
  workflow_id: z.number().int(),
  workflow_name: text(),
  step: z.object({ tag: text(), name: text() }),
  due_at: text().nullable(),
  overdue_days: z.number().int(),
});
export type WaitingTask = z.infer<typeof WaitingTaskSchema>;
const WaitingPageSchema = z.object({ results: z.array(WaitingTaskSchema), count: z.number().int() });

// The viewer's own open steps (tasks tab 'mine'), soonest due first.
export function getWaiting(limit: number, signal?: AbortSignal) {
  return http.get(TASKS_PATHS.list, WaitingPageSchema, { query: { tab: 'mine', limit }, signal });
}

export const waitingQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...homeKeys.waiting(), limit],
    queryFn: ({ signal }) => getWaiting(limit, signal),
    // A longer page keeps the rows already shown while it loads.
    placeholderData: keepPreviousData,
  });

export function useWaiting(enabled: boolean, limit = HOME_SECTION_PAGE_SIZE) {
  return useQuery({ ...waitingQueryOptions(limit), enabled });
}
