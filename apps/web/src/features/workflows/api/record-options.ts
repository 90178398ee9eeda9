import { RECORD_PATHS, RECORD_SEARCH_MAX_LIMIT, RecordSearchResultSchema } from '@attest/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { workflowKeys } from './workflow-keys';

// A data_object field's choices (plan §7): the titles of the object type's records the person may
// see, searched by title on the server (GET records/:tag/search/?q=).
export function useRecordOptions(objectTypeTag: string | undefined, q: string, enabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.recordOptions(objectTypeTag ?? '', q),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.search(objectTypeTag ?? ''), RecordSearchResultSchema, {
        signal,
        query: { q, limit: String(RECORD_SEARCH_MAX_LIMIT) },
      }),
    enabled: enabled && objectTypeTag !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
