import { ADMIN_PATHS, AuditEventsPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';
import { type PageRequest, pageQuery } from './page-request';

export function getAuditEvents(page: PageRequest) {
  return http.get(ADMIN_PATHS.auditEvents, AuditEventsPageSchema, { query: pageQuery(page) });
}

export const auditEventsQueryOptions = (page: PageRequest) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: () => getAuditEvents(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAuditEvents(page: PageRequest) {
  return useQuery(auditEventsQueryOptions(page));
}
