import {
  SCHEDULER_PATHS,
  type ScheduledExport,
  ScheduledExportSchema,
  ScheduledExportsPageSchema,
  type ScheduledExportTestRequest,
  ScheduledExportTestResultSchema,
  type ScheduledExportWrite,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseJson, send } from '../../../lib/api/http-client';
import { schedulerKeys } from './scheduler-keys';

export const SCHEDULER_PAGE_SIZE = 20;
const one = (template: string, id: number) => template.replace(':id', String(id));

// A page of the tenant's schedules (1-based); read again every 5 s while a run waits or runs.
export const scheduledExportsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: schedulerKeys.list(page),
    queryFn: ({ signal }) =>
      http.get(SCHEDULER_PATHS.list, ScheduledExportsPageSchema, {
        query: { limit: SCHEDULER_PAGE_SIZE, offset: (page - 1) * SCHEDULER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.results.some(
        (s) => s.last_run?.outcome === 'queued' || s.last_run?.outcome === 'running',
      )
        ? 5_000
        : false,
  });

export function useScheduledExports(page: number) {
  return useQuery(scheduledExportsQueryOptions(page));
}

export async function saveScheduledExport({
  id,
  body,
}: {
  id: number | null;
  body: ScheduledExportWrite;
}): Promise<ScheduledExport> {
  if (id === null) return http.post(SCHEDULER_PATHS.list, body, ScheduledExportSchema);
  return parseJson(await send(one(SCHEDULER_PATHS.one, id), { method: 'PUT', body }), ScheduledExportSchema);
}

export async function setScheduledExportEnabled({ id, enabled }: { id: number; enabled: boolean }) {
  return parseJson(
    await send(one(SCHEDULER_PATHS.enabled, id), { method: 'PUT', body: { enabled } }),
    ScheduledExportSchema,
  );
}

export async function deleteScheduledExport(id: number): Promise<void> {
  await send(one(SCHEDULER_PATHS.one, id), { method: 'DELETE' });
}

export async function runScheduledExportNow(id: number): Promise<void> {
  await send(one(SCHEDULER_PATHS.run, id), { method: 'POST', body: {} });
}

function useSchedulerMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulerKeys.all }),
  });
}

export const useSaveScheduledExport = () => useSchedulerMutation(saveScheduledExport);
export const useSetScheduledExportEnabled = () => useSchedulerMutation(setScheduledExportEnabled);
export const useDeleteScheduledExport = () => useSchedulerMutation(deleteScheduledExport);
export const useRunScheduledExportNow = () => useSchedulerMutation(runScheduledExportNow);

// "Test connection": tries the form's destination (blank credentials: the edited schedule's).
export function testScheduledExportDestination(body: ScheduledExportTestRequest) {
  return http.post(SCHEDULER_PATHS.testDestination, body, ScheduledExportTestResultSchema);
}

export const useTestScheduledExportDestination = () =>
  useMutation({ mutationFn: testScheduledExportDestination });
