import { HOME_PATHS, HomeWorkflowsPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

export const PARENTS_PAGE_SIZE = 50;

// The workflows a shortcut may start a child from, searched by name on the server.
export function getShortcutParents(index: number, q: string, signal?: AbortSignal) {
  return http.get(HOME_PATHS.shortcutParents(index), HomeWorkflowsPageSchema, {
    query: { limit: PARENTS_PAGE_SIZE, offset: 0, q: q || undefined },
    signal,
  });
}

export const shortcutParentsQueryOptions = (index: number, q: string) =>
  queryOptions({
    queryKey: homeKeys.parents(index, q),
    queryFn: ({ signal }) => getShortcutParents(index, q, signal),
    placeholderData: keepPreviousData,
  });

export function useShortcutParents(index: number, q: string, enabled: boolean) {
  return useQuery({ ...shortcutParentsQueryOptions(index, q), enabled });
}
