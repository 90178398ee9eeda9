import {
  RECORD_PATHS,
  type RecordLinkRequest,
  RecordLinkSchema,
  RecordSearchResultSchema,
  type RelatedRecord,
  RelatedRecordsPageSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http, parseJson, send } from '../../../lib/api/http-client';
import { recordKeys } from './record-keys';

export const RELATED_RECORDS_PAGE_SIZE = 20;

export const relatedRecordsQueryOptions = (tag: string, id: number, page: number) =>
  queryOptions({
    queryKey: recordKeys.relatedRecords(tag, id, page),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.relatedRecords(tag, id), RelatedRecordsPageSchema, {
        query: { limit: RELATED_RECORDS_PAGE_SIZE, offset: page * RELATED_RECORDS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useRelatedRecords = (tag: string, id: number, page: number) =>
  useQuery(relatedRecordsQueryOptions(tag, id, page));

// The picker's options: visible, live records of the type whose title matches (the server searches).
export const recordSearchQueryOptions = (tag: string, q: string) =>
  queryOptions({
    queryKey: recordKeys.search(tag, q),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.search(tag), RecordSearchResultSchema, { query: { q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useRecordSearch = (tag: string | null, q: string) =>
  useQuery({ ...recordSearchQueryOptions(tag ?? '', q), enabled: tag !== null });

// A refusal (a relation already filled, an archived record, ...) is the dialog's to show.
const LINK_STATUSES = [400, 403, 404] as const;

// A link shows on both records' tabs and in the linking record's activity: all of them are asked again.
function useRefreshBoth(tag: string, id: number) {
  const queryClient = useQueryClient();
  return (other: { tag: string; id: number }) =>
    Promise.all(
      [{ tag, id }, other].flatMap((record) => [
        queryClient.invalidateQueries({ queryKey: recordKeys.relatedRecordsAll(record.tag, record.id) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.activityAll(record.tag, record.id) }),
      ]),
    );
}

export function useLinkRecord(tag: string, id: number) {
  const refresh = useRefreshBoth(tag, id);
  return useMutation({
    mutationFn: (body: RecordLinkRequest) =>
      http.post(RECORD_PATHS.links(tag, id), body, RecordLinkSchema, { handledStatuses: LINK_STATUSES }),
    onSuccess: (link) => refresh({ tag: link.object_type.tag, id: link.id }),
  });
}

export function useUnlinkRecord(tag: string, id: number) {
  const refresh = useRefreshBoth(tag, id);
  return useMutation({
    mutationFn: async (related: RelatedRecord) => {
      const response = await send(RECORD_PATHS.link(tag, id, related.link_id), {
        method: 'DELETE',
        handledStatuses: LINK_STATUSES,
      });
      // A refusal is thrown as an HttpError with the server's code and message.
      if (!response.ok) await parseJson(response, z.unknown());
    },
    onSuccess: (_, related) => refresh({ tag: related.object_type.tag, id: related.id }),
  });
}
