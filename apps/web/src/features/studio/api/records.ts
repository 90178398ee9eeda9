import { STUDIO_PATHS, StudioRecordsPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { studioKeys } from './studio-keys';

export const STUDIO_RECORDS_PAGE_SIZE = 20;

// The versions at one stage across the tenant's apps, newest first; `page` counts from 1.
export function getStudioRecords(stage: string, page: number, signal?: AbortSignal) {
  return http.get(STUDIO_PATHS.records(stage), StudioRecordsPageSchema, {
    query: { limit: STUDIO_RECORDS_PAGE_SIZE, offset: (page - 1) * STUDIO_RECORDS_PAGE_SIZE },
    signal,
  });
}

export const studioRecordsQueryOptions = (stage: string, page: number) =>
  queryOptions({
    queryKey: studioKeys.records(stage, page),
    queryFn: ({ signal }) => getStudioRecords(stage, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useStudioRecords(stage: string, page: number) {
  return useQuery(studioRecordsQueryOptions(stage, page));
}
