import { STUDIO_MERGE_PATHS, StudioDiffSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { studioKeys } from './studio-keys';

// The structured diff of two sides of an app, each `savepoint:{id}` or `version:{id}`.
export function getStudioDiff(appId: number, from: string, to: string, signal?: AbortSignal) {
  return http.get(STUDIO_MERGE_PATHS.diff(appId, from, to), StudioDiffSchema, { signal });
}

export const studioDiffQueryOptions = (appId: number, from: string, to: string) =>
  queryOptions({
    queryKey: studioKeys.diff(appId, from, to),
    queryFn: ({ signal }) => getStudioDiff(appId, from, to, signal),
    // Savepoints and versions never change, so neither does their diff.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStudioDiff(appId: number, from: string | null, to: string | null) {
  return useQuery({
    ...studioDiffQueryOptions(appId, from ?? '', to ?? ''),
    enabled: from !== null && to !== null,
  });
}
