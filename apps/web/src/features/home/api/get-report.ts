import { REPORT_PATHS, text } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

// What "My process report" shows of the report (ReportSchema): its name and description, so the card
// says which report it opens.
const ReportNameSchema = z.object({ id: z.number().int(), name: text(), description: text() });

export function getReport(id: number, signal?: AbortSignal) {
  return http.get(REPORT_PATHS.report(id), ReportNameSchema, { signal });
}

export const reportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: homeKeys.report(id),
    queryFn: ({ signal }) => getReport(id, signal),
    // A report that is gone (404) stays gone: no retries.
    retry: false,
  });

export function useReport(id: number) {
  return useQuery(reportQueryOptions(id));
}
