import {
  type CreateRecordRequest,
  RECORD_PATHS,
  RecordActivityPageSchema,
  type RecordDetail,
  RecordDetailSchema,
  RecordsPageSchema,
  RelatedWorkflowsPageSchema,
  type UpdateRecordRequest,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http, parseJson, request, send } from '../../../lib/api/http-client';
import { type RecordListParams, recordKeys } from './record-keys';

export const ACTIVITY_PAGE_SIZE = 20;
export const RELATED_WORKFLOWS_PAGE_SIZE = 20;

export const recordsQueryOptions = (tag: string, params: RecordListParams) =>
  queryOptions({
    queryKey: recordKeys.list(tag, params),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.records(tag), RecordsPageSchema, {
        query: params,
        signal,
        handledStatuses: [403],
      }),
    // The previous page stays while the next loads.
    placeholderData: keepPreviousData,
  });

export const recordQueryOptions = (tag: string, id: number) =>
  queryOptions({
    queryKey: recordKeys.record(tag, id),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.record(tag, id), RecordDetailSchema, { signal, handledStatuses: [403, 404] }),
  });

export const recordActivityQueryOptions = (tag: string, id: number, page: number) =>
  queryOptions({
    queryKey: recordKeys.activity(tag, id, page),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.activity(tag, id), RecordActivityPageSchema, {
        query: { limit: ACTIVITY_PAGE_SIZE, offset: page * ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const relatedWorkflowsQueryOptions = (tag: string, id: number, page: number) =>
  queryOptions({
    queryKey: recordKeys.relatedWorkflows(tag, id, page),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.relatedWorkflows(tag, id), RelatedWorkflowsPageSchema, {
        query: { limit: RELATED_WORKFLOWS_PAGE_SIZE, offset: page * RELATED_WORKFLOWS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useRecords = (tag: string, params: RecordListParams) =>
  useQuery(recordsQueryOptions(tag, params));
export const useRecord = (tag: string, id: number) =>
  useQuery({ ...recordQueryOptions(tag, id), enabled: id > 0 });
export const useRecordActivity = (tag: string, id: number, page: number) =>
  useQuery(recordActivityQueryOptions(tag, id, page));
export const useRelatedWorkflows = (tag: string, id: number, page: number) =>
  useQuery(relatedWorkflowsQueryOptions(tag, id, page));

// Refusals are the page's to show beside what was tried, not the app-wide reaction: 400 with field
// errors, 403 a place the person may not use (no_place_access), 404 a record gone meanwhile, 409 a
// stale revision. An unclaimed 403 would leave the call hanging behind a generic warning.
const FORM_STATUSES = [400, 403, 404, 409] as const;

export function useCreateRecord(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRecordRequest) =>
      http.post(RECORD_PATHS.records(tag), body, RecordDetailSchema, { handledStatuses: FORM_STATUSES }),
    onSuccess: (record) => {
      queryClient.setQueryData(recordKeys.record(tag, record.id), record);
      return queryClient.invalidateQueries({ queryKey: recordKeys.lists(tag) });
    },
  });
}

// Every change answers the record as it now is: the page shows it at once, and the lists and the
// activity are asked again.
function useRecordChange<T>(tag: string, id: number, change: (input: T) => Promise<RecordDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (record) => {
      queryClient.setQueryData(recordKeys.record(tag, id), record);
      void queryClient.invalidateQueries({ queryKey: [...recordKeys.record(tag, id), 'activity'] });
      return queryClient.invalidateQueries({ queryKey: recordKeys.lists(tag) });
    },
  });
}

export const useUpdateRecord = (tag: string, id: number) =>
  useRecordChange(tag, id, (body: UpdateRecordRequest) =>
    request(RECORD_PATHS.record(tag, id), RecordDetailSchema, {
      method: 'PATCH',
      body,
      handledStatuses: FORM_STATUSES,
    }),
  );

export const useSetRecordArchived = (tag: string, id: number) =>
  useRecordChange(tag, id, (archived: boolean) =>
    http.post(
      archived ? RECORD_PATHS.archive(tag, id) : RECORD_PATHS.restore(tag, id),
      {},
      RecordDetailSchema,
      { handledStatuses: FORM_STATUSES },
    ),
  );

export function useDeleteRecord(tag: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await send(RECORD_PATHS.record(tag, id), {
        method: 'DELETE',
        handledStatuses: FORM_STATUSES,
      });
      // A refusal (record_in_use) is thrown as an HttpError with the server's own message.
      if (!response.ok) await parseJson(response, z.unknown());
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordKeys.record(tag, id) });
      return queryClient.invalidateQueries({ queryKey: recordKeys.lists(tag) });
    },
  });
}
