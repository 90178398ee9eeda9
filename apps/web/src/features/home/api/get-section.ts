import { HOME_PATHS, HOME_SECTION_PAGE_SIZE, HomeWorkflowsPageSchema } from '@attest/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { type HomeSectionKind, homeKeys } from './home-keys';

// One page of a section; "show more" asks the server for the next one.
export function getSectionPage(kind: HomeSectionKind, offset: number, signal?: AbortSignal) {
  return http.get(HOME_PATHS[kind], HomeWorkflowsPageSchema, {
    query: { limit: HOME_SECTION_PAGE_SIZE, offset },
    signal,
  });
}

export const sectionQueryOptions = (kind: HomeSectionKind) =>
  infiniteQueryOptions({
    queryKey: homeKeys.section(kind),
    queryFn: ({ pageParam, signal }) => getSectionPage(kind, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return loaded < last.count ? loaded : undefined;
    },
  });

export function useHomeSection(kind: HomeSectionKind) {
  return useInfiniteQuery(sectionQueryOptions(kind));
}
