import { HttpError, SEARCH_PATHS, SearchResponseSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { type SearchParams, searchKeys } from './search-keys';

export function getSearch({ q, kindId, limit }: SearchParams, signal?: AbortSignal) {
  return http.get(SEARCH_PATHS.search, SearchResponseSchema, {
    query: { q, kind_id: kindId, limit },
    signal,
  });
}

// A new word makes a new key; TanStack Query cancels the request in flight once nothing observes it,
// so an older answer never replaces a newer one. The previous results stay while the next load.
export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => getSearch(params, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
  });

// Nothing is asked for an empty box: the server refuses a blank query.
export function useSearch(params: SearchParams) {
  const enabled = params.q.trim().length > 0;
  return useQuery({ ...searchQueryOptions({ ...params, q: params.q.trim() }), enabled });
}
