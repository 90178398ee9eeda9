import { DASHBOARD_PATHS, HttpError, WorkflowListPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { searchKeys } from './search-keys';

// Spec 2 §9.4 advanced search: the dashboard's list (GET workflows/) with its advanced_filters, across
// kinds or within one. `query` is the list's own query string (encodeListQuery).
export function getAdvancedSearch(query: string, signal?: AbortSignal) {
  return http.get(`${DASHBOARD_PATHS.workflows}?${query}`, WorkflowListPageSchema, { signal });
}

export const advancedSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.advanced(query),
    queryFn: ({ signal }) => getAdvancedSearch(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
  });

// Nothing is asked until a filter is applied.
export function useAdvancedSearch(query: string | null) {
  return useQuery({ ...advancedSearchQueryOptions(query ?? ''), enabled: query !== null });
}
