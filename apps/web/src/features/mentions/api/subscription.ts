import { SUBSCRIPTION_PATHS, ThreadSubscriptionStateSchema } from '@attest/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { mentionKeys } from './mention-keys';

export function getSubscription(threadId: number, signal?: AbortSignal) {
  return http.get(SUBSCRIPTION_PATHS.thread(threadId), ThreadSubscriptionStateSchema, { signal });
}

export function useThreadSubscription(threadId: number | null) {
  return useQuery({
    queryKey: mentionKeys.subscription(threadId ?? 0),
    queryFn: ({ signal }) => getSubscription(threadId ?? 0, signal),
    enabled: threadId !== null,
  });
}

export function changeSubscription(threadId: number, subscribed: boolean) {
  return request(SUBSCRIPTION_PATHS.thread(threadId), ThreadSubscriptionStateSchema, {
    method: 'PUT',
    body: { subscribed },
  });
}

// Spec 1 §8: a refused change says 'Unable to change subscription.'.
export function useChangeSubscription(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => changeSubscription(threadId, subscribed),
    onSuccess: (state) => {
      queryClient.setQueryData(mentionKeys.subscription(threadId), state);
      void queryClient.invalidateQueries({ queryKey: mentionKeys.mySubscriptions() });
    },
    onError: () => toast.error('mentions.subscription.changeFailed', { id: 'subscription-change' }),
  });
}
