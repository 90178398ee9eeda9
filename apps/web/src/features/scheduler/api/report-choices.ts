import { REPORT_PATHS, ReportSummariesPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { schedulerKeys } from './scheduler-keys';

// The report picker shows the first matches; the person types to narrow a long list.
export const REPORT_CHOICES_LIMIT = 50;

// The reports the person may run, searched on the server by report or dashboard name.
export const reportChoicesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: schedulerKeys.reports(q),
    queryFn: ({ signal }) =>
      http.get(REPORT_PATHS.reports, ReportSummariesPageSchema, {
        query: { limit: REPORT_CHOICES_LIMIT, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useReportChoices(q: string, enabled: boolean) {
  return useQuery({ ...reportChoicesQueryOptions(q), enabled });
}
