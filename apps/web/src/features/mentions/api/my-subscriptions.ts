import { SUBSCRIPTION_PATHS, type ThreadSubscription, ThreadSubscriptionsPageSchema } from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { mentionKeys } from './mention-keys';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

// The mentions area owns the key (a thread's subscribe toggle invalidates it); this is its list.
const mySubscriptionsKey = (page: number) => [...mentionKeys.mySubscriptions(), { page }] as const;

export function getMySubscriptions(page: number, signal?: AbortSignal) {
  return http.get(SUBSCRIPTION_PATHS.mine, ThreadSubscriptionsPageSchema, {
    query: { limit: SUBSCRIPTIONS_PAGE_SIZE, offset: page * SUBSCRIPTIONS_PAGE_SIZE },
    signal,
  });
}

export const mySubscriptionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: mySubscriptionsKey(page),
    queryFn: ({ signal }) => getMySubscriptions(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMySubscriptions(page: number) {
  return useQuery(mySubscriptionsQueryOptions(page));
}

export async function unsubscribe(subscriptionId: number): Promise<void> {
  await send(SUBSCRIPTION_PATHS.one(subscriptionId), { method: 'DELETE' });
}

// Spec 1 §8: 'Unable to unsubscribe from the thread.' when it fails.
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: ThreadSubscription) => unsubscribe(subscription.id),
    onSuccess: (_, subscription) => {
      queryClient.setQueryData(mentionKeys.subscription(subscription.thread), {
        thread: subscription.thread,
        subscribed: false,
      });
    },
    onError: () => toast.error('subscriptions.unsubscribeFailed', { id: 'unsubscribe-failed' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentionKeys.mySubscriptions() }),
  });
}
