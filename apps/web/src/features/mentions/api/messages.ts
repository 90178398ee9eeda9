import {
  MAX_PAGE_SIZE,
  MENTION_PATHS,
  type Message,
  MessageSchema,
  MessagesPageSchema,
} from '@attest/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, send } from '../../../lib/api/http-client';
import { mentionKeys } from './mention-keys';

export const MESSAGES_PAGE_SIZE = 20;

// The server lists a thread oldest first by offset. The panel opens on the newest messages and
// loads older ones above them, so a page remembers its offset and the thread's count.
export type MessagesWindow = { results: Message[]; offset: number; count: number };
type PageParam = { offset: number; limit: number } | 'latest';

async function getPage(path: string, offset: number, limit: number, signal?: AbortSignal) {
  const page = await request(path, MessagesPageSchema, { query: { limit, offset }, signal });
  return { results: page.results, offset, count: page.count };
}

// The newest page: one call when the thread fits in a page, a second at the right offset otherwise.
// `path` lists a thread's messages: a workflow thread's, or a record's comments.
export async function getMessagesAt(path: string, param: PageParam, signal?: AbortSignal) {
  if (param !== 'latest') return getPage(path, param.offset, param.limit, signal);
  const first = await getPage(path, 0, MESSAGES_PAGE_SIZE, signal);
  if (first.count <= MESSAGES_PAGE_SIZE) return first;
  return getPage(path, first.count - MESSAGES_PAGE_SIZE, MESSAGES_PAGE_SIZE, signal);
}

export function getMessages(threadId: number, param: PageParam, signal?: AbortSignal) {
  return getMessagesAt(MENTION_PATHS.threadMessages(threadId), param, signal);
}

// How a messages window pages: older pages above, a refetch walks forward to the end.
export const messagesWindowPaging = {
  initialPageParam: 'latest' as PageParam,
  getPreviousPageParam: (first: MessagesWindow): PageParam | undefined =>
    first.offset > 0
      ? {
          offset: Math.max(0, first.offset - MESSAGES_PAGE_SIZE),
          limit: Math.min(MESSAGES_PAGE_SIZE, first.offset),
        }
      : undefined,
  // Only a refetch walks forward (from the oldest page loaded): it takes the rest to the end, so
  // messages posted meanwhile are not cut off.
  getNextPageParam: (last: MessagesWindow): PageParam | undefined =>
    last.offset + last.results.length < last.count
      ? { offset: last.offset + last.results.length, limit: MAX_PAGE_SIZE }
      : undefined,
};

export const messagesQueryOptions = (threadId: number) =>
  infiniteQueryOptions({
    queryKey: mentionKeys.messages(threadId),
    queryFn: ({ pageParam, signal }) => getMessages(threadId, pageParam, signal),
    ...messagesWindowPaging,
  });

export function useThreadMessages(threadId: number | null) {
  return useInfiniteQuery({ ...messagesQueryOptions(threadId ?? 0), enabled: threadId !== null });
}

// Oldest first, each message once (pages may overlap after a deletion).
export function flattenMessages(pages: readonly MessagesWindow[] | undefined): Message[] {
  const seen = new Set<number>();
  const out: Message[] = [];
  for (const page of pages ?? []) {
    for (const message of page.results) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

export function postMessage(threadId: number, body: string) {
  return request(MENTION_PATHS.threadMessages(threadId), MessageSchema, { method: 'POST', body: { body } });
}

export function editMessage(messageId: number, body: string) {
  return request(MENTION_PATHS.message(messageId), MessageSchema, { method: 'PATCH', body: { body } });
}

export async function deleteMessage(messageId: number) {
  await send(MENTION_PATHS.message(messageId), { method: 'DELETE' });
}

// After any change: the thread's messages and the workflow's counts.
function useRefreshThread(workflowId: number) {
  const queryClient = useQueryClient();
  return (threadId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mentionKeys.messages(threadId) }),
      queryClient.invalidateQueries({ queryKey: mentionKeys.threads(workflowId) }),
    ]);
}

export function usePostMessage(workflowId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshThread(workflowId);
  return useMutation({
    mutationFn: ({ threadId, body }: { threadId: number; body: string }) => postMessage(threadId, body),
    // Posting subscribes the author (unless they unsubscribed before): the toggle reads it again.
    onSuccess: (message) =>
      Promise.all([
        refresh(message.thread),
        queryClient.invalidateQueries({ queryKey: mentionKeys.subscription(message.thread) }),
      ]),
  });
}

export function useEditMessage(workflowId: number) {
  const refresh = useRefreshThread(workflowId);
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: number; body: string }) => editMessage(messageId, body),
    onSuccess: (message) => refresh(message.thread),
  });
}

export function useDeleteMessage(workflowId: number) {
  const refresh = useRefreshThread(workflowId);
  return useMutation({
    mutationFn: ({ messageId }: { messageId: number; threadId: number }) => deleteMessage(messageId),
    onSuccess: (_, { threadId }) => refresh(threadId),
  });
}
