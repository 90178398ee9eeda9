import type { Message } from '@attest/shared';
import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlug, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../../components/person-avatar';
import { TimeAgo } from '../../../../components/time-ago';
import { connectorLabel } from '../../../../lib/format/connector-label';
import { confirmAction } from '../../../../lib/notifications/confirm';
import { toast } from '../../../../lib/notifications/toast';
import { useDeleteMessage, useEditMessage } from '../../api/messages';
import { MessageBody } from '../message-body';
import { Composer } from './composer';

export type MessageRowProps = {
  message: Message;
  // Null for a record's comment: shown only (no edit or delete).
  workflowId: number | null;
  viewerId: number | null;
  now: Date;
};

// One message: who wrote it (or which integration posted it), when, whether it was edited, and
// for the author, edit and delete.
export function MessageRow({ message, workflowId, viewerId, now }: MessageRowProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const edit = useEditMessage(workflowId ?? 0);
  const remove = useDeleteMessage(workflowId ?? 0);
  const integration = message.integration_result;
  const own = workflowId !== null && message.author !== null && message.author.id === viewerId;
  const name = message.author
    ? message.author.name || message.author.email
    : integration
      ? connectorLabel(integration.connector, t)
      : t('mentions.thread.integration');

  const confirmDelete = () =>
    confirmAction({
      title: 'mentions.thread.deleteTitle',
      body: 'mentions.thread.deleteBody',
      confirm: 'mentions.thread.delete',
      // Above the comments side panel (a drawer, z-index 200), overlay included.
      zIndex: 300,
      onConfirm: () =>
        remove.mutate(
          { messageId: message.id, threadId: message.thread },
          // A refusal is said under the message itself.
          { onSuccess: () => toast.success('mentions.thread.deleted') },
        ),
    });

  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm" py="xs" data-message-id={message.id}>
      {message.author ? (
        <PersonAvatar colorKey={message.author.id} name={name} decorative />
      ) : (
        <Avatar size={32} radius="xl" color="grape" aria-hidden>
          <IconPlug size={16} />
        </Avatar>
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Text fz="sm" fw={600} title={message.author?.email}>
              {name}
            </Text>
            {integration && (
              <Badge size="xs" variant="light" color={integration.state === 'failed' ? 'red' : 'grape'}>
                {t(`mentions.thread.integrationState.${integration.state}`)}
              </Badge>
            )}
            <TimeAgo value={message.created_at} now={now} />
            {message.edited_at && (
              <Text fz="xs" c="dimmed" fs="italic">
                {t('mentions.thread.edited')}
              </Text>
            )}
          </Group>
          {own && !editing && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t('mentions.thread.actions')}
                  loading={remove.isPending}
                >
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                  {t('mentions.thread.edit')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
                  {t('mentions.thread.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {editing ? (
          <Composer
            workflowId={workflowId}
            initialBody={message.body}
            submitLabel={t('mentions.thread.save')}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await edit.mutateAsync({ messageId: message.id, body });
              setEditing(false);
            }}
          />
        ) : (
          <MessageBody body={message.body} />
        )}
        {remove.isError && (
          <Text fz="xs" c="red" role="alert">
            {t('mentions.thread.deleteFailed')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
