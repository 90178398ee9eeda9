import type { Mention } from '@attest/shared';
import { Alert, Box, Center, Drawer, EmptyState, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAt } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkAsRead, useUserMentions } from '../api/user-mentions';
import { nearEnd } from '../lib/infinite-scroll';
import { MentionItem } from './mention-item';

// Spec 1 §2 and §9: 570 px from the right, full width on screens up to 450 px.
export const DRAWER_WIDTH_PX = 570;
const MOBILE_QUERY = '(max-width: 450px)';

export type MentionsDrawerProps = { opened: boolean; onClose: () => void };

// 'My Mentions': the user's mentions, newest first, a page at a time as the list scrolls.
export function MentionsDrawer({ opened, onClose }: MentionsDrawerProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const mentions = useUserMentions(opened);
  const markRead = useMarkAsRead();
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = mentions.data?.pages.flatMap((page) => page.results) ?? [];
  const now = new Date();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = mentions;

  const loadMoreIfNear = useCallback(() => {
    const element = scrollRef.current;
    if (element && hasNextPage && !isFetchingNextPage && nearEnd(element)) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page shorter than the drawer cannot be scrolled: check again after each page.
  const pages = mentions.data?.pages.length ?? 0;
  useEffect(() => {
    if (opened && pages > 0) loadMoreIfNear();
  }, [opened, pages, loadMoreIfNear]);

  const marking = markRead.isPending ? markRead.variables : undefined;
  const onMarkRead = (mention: Mention) => markRead.mutate(mention.message_id);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : DRAWER_WIDTH_PX}
      title={t('mentions.title')}
      styles={{
        title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' },
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, padding: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      <Box
        ref={scrollRef}
        onScroll={loadMoreIfNear}
        px="md"
        pb="md"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        data-testid="mentions-scroll"
      >
        {mentions.isPending && opened && (
          <Center py="xl">
            <Loader size="sm" aria-label={t('mentions.loading')} />
          </Center>
        )}
        {mentions.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('mentions.loadFailed')}
          </Alert>
        )}
        {mentions.isSuccess && items.length === 0 && (
          <EmptyState
            mt="xl"
            py="xl"
            withIndicatorBackground
            icon={<IconAt size={28} stroke={1.5} />}
            title={t('mentions.empty')}
            description={t('mentions.emptyDescription')}
          />
        )}
        {items.length > 0 && (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('mentions.title')}
          >
            {items.map((mention) => (
              <MentionItem
                key={mention.id}
                mention={mention}
                now={now}
                marking={marking === mention.message_id}
                onMarkRead={onMarkRead}
                onNavigate={onClose}
              />
            ))}
          </Stack>
        )}
        {isFetchingNextPage && (
          <Center py="md">
            <Loader size="sm" aria-label={t('mentions.loading')} />
          </Center>
        )}
      </Box>
    </Drawer>
  );
}
