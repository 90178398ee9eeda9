import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadNotificationsCount } from '../api/get-unread-count';

export const NOTIFICATIONS_PATH = '/notifications/';
// Like the mentions badge (spec 1 §9): more than nine reads 9+.
const BADGE_MAX = 9;

// The header's bell, on every page: the unread count, kept current by the socket.
export function NotificationsBell() {
  const { t } = useTranslation();
  const count = useUnreadNotificationsCount().data?.count ?? 0;
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.title');
  return (
    <Tooltip label={t('notifications.title')}>
      <Indicator
        label={count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        disabled={count === 0}
        size={16}
        offset={6}
        color="red"
        data-testid="notifications-badge"
      >
        <ActionIcon
          component={Link}
          to={NOTIFICATIONS_PATH}
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={label}
        >
          <IconBell size={20} stroke={1.6} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
