import {
  type CreateReportSubscriptionRequest,
  REPORT_PATHS,
  type ReportSubscription,
  ReportSubscriptionSchema,
  ReportSubscriptionsPageSchema,
  SUBSCRIPTION_PATHS,
  type UpdateReportSubscriptionRequest,
  UserListSchema,
} from '@attest/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request, send } from '../../../lib/api/http-client';
import { reportKeys } from './report-keys';

// Spec 2 §9.4 subscribe by e-mail: a report's subscriptions, and the people they can go to.
export const REPORT_SUBSCRIPTIONS_PAGE_SIZE = 10;
// The form shows the server's 400 (bad recipients, schedule problems) itself.
const HANDLED = [400] as const;

const subscriptionKeys = {
  all: (reportId: number) => [...reportKeys.report(reportId), 'subscriptions'] as const,
  page: (reportId: number, page: number) => [...subscriptionKeys.all(reportId), page] as const,
  people: (q: string) => [...reportKeys.all, 'subscription-people', q] as const,
};

export function useReportSubscriptions(reportId: number, page: number) {
  return useQuery({
    queryKey: subscriptionKeys.page(reportId, page),
    queryFn: () =>
      http.get(REPORT_PATHS.reportSubscriptions(reportId), ReportSubscriptionsPageSchema, {
        query: { limit: REPORT_SUBSCRIPTIONS_PAGE_SIZE, offset: (page - 1) * REPORT_SUBSCRIPTIONS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

// Active users of the tenant matching q (name or e-mail), a page of 20 (spec 1 §7 user list).
export function useSubscriptionPeople(q: string) {
  return useQuery({
    queryKey: subscriptionKeys.people(q),
    queryFn: () => http.get(SUBSCRIPTION_PATHS.userList, UserListSchema, { query: { limit: 20, q } }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate(reportId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all(reportId) });
}

export function useCreateReportSubscription(reportId: number) {
  return useMutation({
    mutationFn: (body: CreateReportSubscriptionRequest): Promise<ReportSubscription> =>
      http.post(REPORT_PATHS.reportSubscriptions(reportId), body, ReportSubscriptionSchema, {
        handledStatuses: HANDLED,
      }),
    onSuccess: useInvalidate(reportId),
  });
}

export function useUpdateReportSubscription(reportId: number) {
  return useMutation({
    mutationFn: ({ id, ...changes }: UpdateReportSubscriptionRequest & { id: number }) =>
      request(REPORT_PATHS.subscription(id), ReportSubscriptionSchema, {
        method: 'PATCH',
        body: changes,
        handledStatuses: HANDLED,
      }),
    onSuccess: useInvalidate(reportId),
  });
}

export function useDeleteReportSubscription(reportId: number) {
  return useMutation({
    mutationFn: async (id: number) => {
      await send(REPORT_PATHS.subscription(id), { method: 'DELETE' });
    },
    onSuccess: useInvalidate(reportId),
  });
}

// "Send now": the server answers 202 once the send is queued.
export function useSendReportSubscription() {
  return useMutation({
    mutationFn: async (id: number) => {
      await send(REPORT_PATHS.subscriptionSend(id), { method: 'POST', body: {} });
    },
  });
}
