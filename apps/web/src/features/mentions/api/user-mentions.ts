import {
  MarkAsReadSchema,
  MENTION_PATHS,
  MentionsPageSchema,
  UnreadMentionsCountSchema,
} from '@attest/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { mentionKeys } from './mention-keys';

// Spec 1 §9: the first page is 1.
export const FIRST_MENTIONS_PAGE = 1;

export function getUserMentions(page: number, signal?: AbortSignal) {
  return http.get(MENTION_PATHS.userMentions, MentionsPageSchema, { query: { page }, signal });
}

export const userMentionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: mentionKeys.list(),
    queryFn: ({ pageParam, signal }) => getUserMentions(pageParam, signal),
    initialPageParam: FIRST_MENTIONS_PAGE,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });

export function useUserMentions(enabled: boolean) {
  return useInfiniteQuery({ ...userMentionsQueryOptions(), enabled });
}

export function getUnreadCount(signal?: AbortSignal) {
  return http.get(MENTION_PATHS.unreadCount, UnreadMentionsCountSchema, { signal });
}

export function useUnreadMentionsCount() {
  return useQuery({
    queryKey: mentionKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (data) => data.count,
  });
}

type MentionsPage = z.infer<typeof MentionsPageSchema>;

function markReadIn(data: InfiniteData<MentionsPage>, messageId: number): InfiniteData<MentionsPage> {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      results: page.results.map((m) => (m.message_id === messageId ? { ...m, is_read: true } : m)),
    })),
  };
}

// messages/{id}/mark_as_read/ takes the MESSAGE id (the caller's mention of that message).
export function markAsRead(messageId: number) {
  return http.get(MENTION_PATHS.markAsRead(messageId), MarkAsReadSchema);
}

// Spec 1 §4: a mention becomes read after mark-as-read succeeds; then the unread count is refreshed.
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => markAsRead(messageId),
    onSuccess: (_, messageId) => {
      queryClient.setQueryData<InfiniteData<MentionsPage>>(mentionKeys.list(), (data) =>
        data ? markReadIn(data, messageId) : data,
      );
      void queryClient.invalidateQueries({ queryKey: mentionKeys.unreadCount() });
    },
    onError: () => toast.error('mentions.markReadFailed', { id: 'mention-mark-read' }),
  });
}
