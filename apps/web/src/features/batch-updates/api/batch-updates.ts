import {
  BATCH_UPDATE_PATHS,
  type BatchUpdate,
  type BatchUpdateItemOutcome,
  BatchUpdateItemsPageSchema,
  BatchUpdateSchema,
  type BatchUpdateState,
  BatchUpdatesPageSchema,
  type CreateBatchUpdateRequest,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http, parseJson, send } from '../../../lib/api/http-client';
import { batchUpdateKeys } from './batch-update-keys';

export const UPDATES_PAGE_SIZE = 20;
export const ITEMS_PAGE_SIZE = 50;
// Plan §9: the progress bar follows the job every second while it works.
export const POLL_MS = 1000;

// The states in which a job works on the update (the preview, apply or undo): the page asks again.
const WORKING: readonly BatchUpdateState[] = ['selecting', 'queued', 'running', 'undoing'];
export const isWorking = (state: BatchUpdateState) => WORKING.includes(state);

export const batchUpdatesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: batchUpdateKeys.list(page),
    queryFn: ({ signal }) =>
      http.get(BATCH_UPDATE_PATHS.updates, BatchUpdatesPageSchema, {
        query: { limit: UPDATES_PAGE_SIZE, offset: (page - 1) * UPDATES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const batchUpdateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: batchUpdateKeys.update(id),
    queryFn: ({ signal }) =>
      http.get(BATCH_UPDATE_PATHS.update(id), BatchUpdateSchema, { signal, handledStatuses: [404] }),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && isWorking(state) ? POLL_MS : false;
    },
  });

export const batchUpdateItemsQueryOptions = (
  id: number,
  page: number,
  outcome: BatchUpdateItemOutcome | null,
) =>
  queryOptions({
    queryKey: batchUpdateKeys.items(id, page, outcome),
    queryFn: ({ signal }) =>
      http.get(BATCH_UPDATE_PATHS.items(id), BatchUpdateItemsPageSchema, {
        query: {
          limit: ITEMS_PAGE_SIZE,
          offset: (page - 1) * ITEMS_PAGE_SIZE,
          ...(outcome ? { outcome } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

// How many items have one outcome: the items page's own count (one row asked for).
export const outcomeCountQueryOptions = (id: number, outcome: BatchUpdateItemOutcome) =>
  queryOptions({
    queryKey: batchUpdateKeys.outcomeCount(id, outcome),
    queryFn: async ({ signal }) =>
      (
        await http.get(BATCH_UPDATE_PATHS.items(id), BatchUpdateItemsPageSchema, {
          query: { limit: 1, offset: 0, outcome },
          signal,
        })
      ).count,
  });

export const useBatchUpdates = (page: number) => useQuery(batchUpdatesQueryOptions(page));
export const useBatchUpdate = (id: number) => useQuery({ ...batchUpdateQueryOptions(id), enabled: id > 0 });
export const useBatchUpdateItems = (id: number, page: number, outcome: BatchUpdateItemOutcome | null) =>
  useQuery(batchUpdateItemsQueryOptions(id, page, outcome));

export const useOutcomeCount = (id: number, outcome: BatchUpdateItemOutcome) =>
  useQuery(outcomeCountQueryOptions(id, outcome));

// Refusals are the page's to show beside what was tried: 400 (a bad change, filters the list
// refuses, an undo refused because items changed since), 404 an update gone meanwhile.
const REFUSALS = [400, 404, 409] as const;

export function useCreateBatchUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBatchUpdateRequest) =>
      http.post(BATCH_UPDATE_PATHS.updates, body, BatchUpdateSchema, { handledStatuses: REFUSALS }),
    onSuccess: (update: BatchUpdate) => {
      queryClient.setQueryData(batchUpdateKeys.update(update.id), update);
      return queryClient.invalidateQueries({ queryKey: batchUpdateKeys.lists() });
    },
  });
}

// Apply and undo answer 202: the job runs; the update is asked again, and polled while it works.
function useJobAction(id: number, path: (id: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await send(path(id), { method: 'POST', body: {}, handledStatuses: REFUSALS });
      // A refusal is thrown as an HttpError with the server's own message.
      if (!response.ok) await parseJson(response, z.unknown());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: batchUpdateKeys.all }),
  });
}

export const useApplyBatchUpdate = (id: number) => useJobAction(id, BATCH_UPDATE_PATHS.apply);
export const useUndoBatchUpdate = (id: number) => useJobAction(id, BATCH_UPDATE_PATHS.undo);
