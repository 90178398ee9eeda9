import { MessageSchema, RECORD_PATHS } from '@attest/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/http-client';
import { mentionKeys } from './mention-keys';
import { getMessagesAt, messagesWindowPaging } from './messages';

// A record's comments (issue 18): its one thread, listed and written by the record's own path.
export const recordCommentsQueryOptions = (tag: string, recordId: number) =>
  infiniteQueryOptions({
    queryKey: mentionKeys.recordComments(tag, recordId),
    queryFn: ({ pageParam, signal }) =>
      getMessagesAt(RECORD_PATHS.comments(tag, recordId), pageParam, signal),
    ...messagesWindowPaging,
  });

export function useRecordComments(tag: string, recordId: number) {
  return useInfiniteQuery(recordCommentsQueryOptions(tag, recordId));
}

export function postRecordComment(tag: string, recordId: number, body: string) {
  return request(RECORD_PATHS.comments(tag, recordId), MessageSchema, { method: 'POST', body: { body } });
}

export function usePostRecordComment(tag: string, recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postRecordComment(tag, recordId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentionKeys.recordComments(tag, recordId) }),
  });
}
