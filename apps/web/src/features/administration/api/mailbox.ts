import { ADMIN_PATHS, MailboxPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';
import { type PageRequest, pageQuery } from './page-request';

// The development mailbox: what the product would have e-mailed when no SMTP server is configured.
export function getMailbox(page: PageRequest) {
  return http.get(ADMIN_PATHS.mailbox, MailboxPageSchema, { query: pageQuery(page) });
}

export const mailboxQueryOptions = (page: PageRequest) =>
  queryOptions({
    queryKey: adminKeys.mailbox(page),
    queryFn: () => getMailbox(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 10_000,
  });

export function useMailbox(page: PageRequest) {
  return useQuery(mailboxQueryOptions(page));
}
