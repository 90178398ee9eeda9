import { ADMIN_PATHS, type MailboxMessageSchema } from '@attest/shared';
import { Anchor, Badge, Grid, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMailOpened, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { clickableRow } from '../../../components/clickable-row';
import { TableOverview } from '../../../components/table-overview';
import { apiUrl } from '../../../lib/api/api-url';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useMailbox } from '../api/mailbox';
import { linkify } from '../lib/linkify';
import { AdminPageHeader } from './admin-page-header';
import { TableRowsState } from './table-rows-state';

type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

const STATUS_COLOR: Record<MailboxMessage['status'], string> = {
  queued: 'yellow',
  sent: 'teal',
  failed: 'red',
  kept: 'blue',
};

export function MailboxPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const mailbox = useMailbox({ page });
  const rows = mailbox.data?.results ?? [];
  const open = rows.find((m) => m.id === openId) ?? null;

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('admin.mailbox.title')} description={t('admin.mailbox.description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="md" shadow="xs">
            <Stack gap="md">
              <Table highlightOnHover verticalSpacing="sm" data-testid="mailbox-table">
                <Table.Tbody>
                  <TableRowsState
                    loading={mailbox.isPending}
                    empty={rows.length === 0}
                    columns={1}
                    emptyText={t('admin.mailbox.empty')}
                  />
                  {rows.map((message) => (
                    <Table.Tr
                      key={message.id}
                      {...clickableRow(() => setOpenId(message.id))}
                      bg={message.id === openId ? 'var(--mantine-primary-color-light)' : undefined}
                      data-testid="mailbox-row"
                    >
                      <Table.Td>
                        <Stack gap={2}>
                          <Group justify="space-between" wrap="nowrap">
                            <Text fz="sm" fw={600} truncate="end">
                              {message.subject}
                            </Text>
                            <Badge size="xs" variant="light" color={STATUS_COLOR[message.status]}>
                              {t(`admin.mailbox.status.${message.status}`)}
                            </Badge>
                          </Group>
                          <Group justify="space-between" wrap="nowrap">
                            <Text fz="xs" c="dimmed" truncate="end">
                              {message.to_address}
                            </Text>
                            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                              {dates.dateTime(message.created_at)}
                            </Text>
                          </Group>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <TableOverview total={mailbox.data?.count} page={page} onPage={setPage} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="xl" shadow="xs" mih={360}>
            {open ? <MessageView message={open} /> : <NoMessage />}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function NoMessage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" h={320} gap="sm">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray">
        <IconMail size={28} stroke={1.5} />
      </ThemeIcon>
      <Text c="dimmed" fz="sm">
        {t('admin.mailbox.select')}
      </Text>
    </Stack>
  );
}

// The text body only, with its links made clickable: the HTML body is never rendered here.
function MessageView({ message }: { message: MailboxMessage }) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  return (
    <Stack gap="md" data-testid="mailbox-message">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="md" variant="light">
          <IconMailOpened size={20} stroke={1.5} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {message.subject}
          </Title>
          <Text fz="xs" c="dimmed">
            {t('admin.mailbox.to', { address: message.to_address })} · {dates.dateTime(message.created_at)}
          </Text>
        </Stack>
      </Group>
      <Text
        component="pre"
        fz="sm"
        ff="inherit"
        dir="auto"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}
      >
        {linkify(message.text_body).map((part, index) =>
          part.kind === 'link' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never reorder
            <Anchor key={index} href={part.value} target="_blank" rel="noopener noreferrer">
              {part.value}
            </Anchor>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never reorder
            <span key={index}>{part.value}</span>
          ),
        )}
      </Text>
      {message.attachments.length > 0 && (
        <Stack gap={4}>
          {message.attachments.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an attachment is named by its position (its download URL)
            <Group key={index} gap={6} wrap="nowrap">
              <IconPaperclip size={16} stroke={1.5} />
              <Anchor
                href={apiUrl(ADMIN_PATHS.mailboxAttachment(message.id, index))}
                download={file.filename}
                fz="sm"
              >
                {file.filename}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {new Intl.NumberFormat(i18n.language, {
                  style: 'unit',
                  unit: 'kilobyte',
                  maximumFractionDigits: 1,
                }).format(file.size / 1024)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
