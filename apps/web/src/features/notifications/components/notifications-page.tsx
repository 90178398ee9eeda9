import type { Notification } from '@attest/shared';
import { Box, Button, Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useUnreadNotificationsCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { NotificationRow } from './notification-row';

// /notifications/: everything that happened to the user, newest first, paged on the server.
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications({ page, unreadOnly });
  const unread = useUnreadNotificationsCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const results = list.data?.results ?? [];

  const open = (notification: Notification) => {
    if (!notification.is_read) markRead.mutate(notification);
    if (notification.link) navigate(notification.link);
  };

  return (
    <Stack maw={880} mx="auto" gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {t('notifications.title')}
        </Title>
        <Group gap="md">
          <Switch
            label={t('notifications.unreadOnly')}
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.currentTarget.checked);
              setPage(0);
            }}
          />
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={(unread.data?.count ?? 0) === 0}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="xs">
        <ListStates
          pending={list.isPending}
          failed={list.isError}
          empty={results.length === 0}
          loadingLabel={t('notifications.loading')}
          failedText={t('notifications.loadFailed')}
          emptyIcon={<IconBellOff size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />}
          emptyTitle={t(unreadOnly ? 'notifications.emptyUnread' : 'notifications.empty')}
          emptyDescription={t('notifications.emptyDescription')}
        >
          <Box
            component="ul"
            aria-label={t('notifications.title')}
            m={0}
            p={0}
            style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            {results.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={open} />
            ))}
          </Box>
        </ListStates>
      </Paper>
      {list.data && list.data.count > 0 && (
        <TableOverview
          page={page + 1}
          onPage={(next) => setPage(next - 1)}
          total={list.data.count}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          hideSinglePage
        />
      )}
    </Stack>
  );
}
