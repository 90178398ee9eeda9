import { Alert, Box, Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenMessages, type MessagesWindow, useThreadMessages } from '../../api/messages';
import { MessageRow } from './message-row';

export type MessageListProps = { threadId: number; workflowId: number; viewerId: number | null };

// A thread's messages, oldest at the top: it opens on the newest and loads older ones on demand.
export function MessageList({ threadId, workflowId, viewerId }: MessageListProps) {
  const query = useThreadMessages(threadId);
  return <MessagesView query={query} workflowId={workflowId} viewerId={viewerId} />;
}

export type MessagesViewProps = {
  query: UseInfiniteQueryResult<InfiniteData<MessagesWindow>>;
  // Null for a record's comments: they are not edited or deleted, and mention nobody.
  workflowId: number | null;
  viewerId: number | null;
  emptyDescription?: string;
};

// The messages of a window query (a workflow thread's, or a record's comments).
export function MessagesView({ query, workflowId, viewerId, emptyDescription }: MessagesViewProps) {
  const { t } = useTranslation();
  const messages = flattenMessages(query.data?.pages);
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = new Date();
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const anchor = useRef<{ height: number; top: number } | null>(null);

  // A new message at the end: show it. Older ones loaded above: keep what the reader was looking at.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the ends of the list change
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (anchor.current) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else element.scrollTop = element.scrollHeight;
  }, [lastId, firstId]);

  const loadOlder = () => {
    const element = scrollRef.current;
    if (element) anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void query.fetchPreviousPage();
  };

  return (
    <Box
      ref={scrollRef}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      px="md"
      data-testid="thread-messages"
    >
      {query.hasPreviousPage && (
        <Center py="xs">
          <Button variant="subtle" size="xs" onClick={loadOlder} loading={query.isFetchingPreviousPage}>
            {t('mentions.thread.loadOlder')}
          </Button>
        </Center>
      )}
      {query.isPending && (
        <Center py="xl">
          <Loader size="sm" aria-label={t('mentions.loading')} />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" variant="light" role="alert" my="md">
          {t('mentions.thread.loadFailed')}
        </Alert>
      )}
      {query.isSuccess && messages.length === 0 && <NoMessages description={emptyDescription} />}
      {messages.length > 0 && (
        <Stack
          gap={0}
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('mentions.thread.messages')}
        >
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              workflowId={workflowId}
              viewerId={viewerId}
              now={now}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function NoMessages({ description }: { description?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      mt="xl"
      withIndicatorBackground
      icon={<IconMessages size={26} stroke={1.5} />}
      title={t('mentions.thread.empty')}
      description={description ?? t('mentions.thread.emptyDescription')}
    />
  );
}
