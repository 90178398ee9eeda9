import type { Mention } from '@attest/shared';
import { ActionIcon, Anchor, Avatar, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconFileText, IconPlug } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonAvatar } from '../../../components/person-avatar';
import { TimeAgo } from '../../../components/time-ago';
import { IsolatedText, isolate, UserText } from '../../../components/user-text';
import { connectorLabel } from '../../../lib/format/connector-label';
import { conversationPath } from '../lib/conversation-path';
import { MessageBody } from './message-body';

export type MentionItemProps = {
  mention: Mention;
  now: Date;
  onMarkRead: (mention: Mention) => void;
  marking: boolean;
  onNavigate: () => void;
};

// One mention (spec 1 §2): sender, time ago, message, workflow, field or step, 'View Conversation'
// and, while unread, the Mark as Read dot.
export function MentionItem({ mention, now, onMarkRead, marking, onNavigate }: MentionItemProps) {
  const { t } = useTranslation();
  const connector = mention.integration_result?.connector;
  const sender = mention.posted_by
    ? mention.posted_by.name || mention.posted_by.email
    : connector
      ? connectorLabel(connector, t)
      : t('mentions.thread.integration');
  const target = mention.field
    ? t('mentions.item.field', { name: isolate(mention.field.body) })
    : mention.step
      ? t('mentions.item.step', { name: isolate(mention.step.name) })
      : t('mentions.item.workflow');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={mention.is_read ? undefined : 'var(--mantine-color-blue-light)'}
      data-read={mention.is_read}
      aria-label={t('mentions.item.label', { sender })}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {mention.posted_by ? (
          <PersonAvatar colorKey={mention.posted_by.email} name={sender} decorative />
        ) : (
          <Avatar size={32} radius="xl" color="grape" variant="filled" aria-hidden>
            <IconPlug size={16} />
          </Avatar>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fz="sm" fw={600} truncate="end" title={mention.posted_by?.email ?? undefined}>
                {sender}
              </Text>
              <TimeAgo value={mention.created_at} now={now} />
            </Group>
            {!mention.is_read && (
              <Tooltip label={t('mentions.markRead')} withArrow>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  radius="xl"
                  aria-label={t('mentions.markRead')}
                  loading={marking}
                  onClick={() => onMarkRead(mention)}
                >
                  <Box w={10} h={10} bg="blue.6" style={{ borderRadius: '50%' }} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <MessageBody body={mention.message} lineClamp={4} />
          <Group gap={6} wrap="nowrap" c="dimmed" miw={0}>
            <IconFileText size={14} style={{ flexShrink: 0 }} aria-hidden />
            {/* In the page's direction; the workflow's and the field's or step's names each in their own. */}
            <Text fz="xs" c="dimmed" truncate="end">
              <UserText>{mention.workflow.name}</UserText>
              {' · '}
              <IsolatedText text={target} />
            </Text>
          </Group>
          <Anchor
            component={Link}
            to={conversationPath(mention)}
            onClick={onNavigate}
            fz="sm"
            fw={500}
            w="fit-content"
          >
            <Group gap={4} wrap="nowrap">
              {t('mentions.viewConversation')}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
