import type { Notification } from '@attest/shared';
import { Badge, Box, Group, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../../components/time-ago';
import { IsolatedText } from '../../../components/user-text';
import { LEVEL_COLOR, LevelIcon } from '../lib/notification-level';
import { notificationText, outcomeLabelKey, toastToneOf } from '../lib/notification-text';

export type NotificationRowProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
};

// One notification: its level, what happened, where, when, and whether it is still unread.
export function NotificationRow({ notification, onOpen }: NotificationRowProps) {
  const { t } = useTranslation();
  const level = toastToneOf(notification);
  const outcome = outcomeLabelKey(notification.outcome);
  const text = notificationText(notification, t);
  const unread = !notification.is_read;
  return (
    <Box component="li" data-testid="notification-row" data-unread={unread || undefined}>
      <UnstyledButton
        onClick={() => onOpen(notification)}
        w="100%"
        px="md"
        py="sm"
        bg={unread ? 'var(--mantine-color-blue-0)' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={LEVEL_COLOR[level]} radius="xl" size={32}>
            <LevelIcon level={level} />
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            {unread && <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>}
            <Group gap={6} wrap="nowrap">
              {/* The sentence takes the page's direction; only the names in it take their own. */}
              <Text fz="sm" fw={unread ? 600 : 400} style={{ flex: 1, minWidth: 0 }}>
                <IsolatedText text={text} />
              </Text>
              {outcome && (
                <Badge size="sm" variant="light" color={LEVEL_COLOR[level]}>
                  {t(outcome)}
                </Badge>
              )}
            </Group>
            <Group gap={8} wrap="nowrap">
              {notification.workflow && (
                <Text fz="xs" c="dimmed" truncate="end" dir="auto">
                  {notification.workflow.name}
                </Text>
              )}
              <TimeAgo value={notification.created_at} focusable={false} />
            </Group>
          </Stack>
          {unread && (
            <Box
              aria-hidden
              mt={6}
              w={8}
              h={8}
              bg="var(--mantine-color-blue-6)"
              style={{ borderRadius: '50%', flexShrink: 0 }}
              data-testid="unread-dot"
            />
          )}
        </Group>
      </UnstyledButton>
    </Box>
  );
}
