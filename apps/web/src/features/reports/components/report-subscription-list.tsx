import type { ReportSubscription } from '@attest/shared';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useDeleteReportSubscription, useSendReportSubscription } from '../api/report-subscriptions';
import { scheduleText } from './report-subscription-schedule-text';

const RECIPIENTS_SHOWN = 3;

export type ReportSubscriptionListProps = {
  reportId: number;
  subscriptions: ReportSubscription[];
  onEdit: (subscription: ReportSubscription) => void;
};

// A report's subscriptions: schedule, recipients, next run, last run and its outcome, and the
// actions the reader may take on each.
export function ReportSubscriptionList({ reportId, subscriptions, onEdit }: ReportSubscriptionListProps) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const remove = useDeleteReportSubscription(reportId);
  const sendNow = useSendReportSubscription();

  const confirmDelete = (subscription: ReportSubscription) =>
    confirmAction({
      title: 'reports.subscription.deleteTitle',
      body: 'reports.subscription.deleteConfirm',
      confirm: 'reports.subscription.delete',
      onConfirm: () =>
        remove.mutate(subscription.id, { onSuccess: () => toast.success('reports.subscription.deleted') }),
    });
  const send = (subscription: ReportSubscription) =>
    sendNow.mutate(subscription.id, { onSuccess: () => toast.success('reports.subscription.sending') });

  return (
    <Stack gap="sm">
      {subscriptions.map((s) => {
        const names = s.recipients.map((r) => r.name);
        const shown = names.slice(0, RECIPIENTS_SHOWN).join(', ');
        const more = names.length - RECIPIENTS_SHOWN;
        return (
          <Paper key={s.id} withBorder radius="md" p="sm" data-testid="report-subscription">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {scheduleText(s, t, i18n.language)}
                  </Text>
                  {!s.active && (
                    <Badge color="gray" variant="light" size="sm">
                      {t('reports.subscription.paused')}
                    </Badge>
                  )}
                  {s.last_status && (
                    <Tooltip label={s.last_error} disabled={!s.last_error} multiline maw={320}>
                      <Badge color={s.last_status === 'sent' ? 'green' : 'red'} variant="light" size="sm">
                        {t(`reports.subscription.status.${s.last_status}`)}
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {t('reports.subscription.to', {
                    names: more > 0 ? `${shown} ${t('reports.subscription.more', { count: more })}` : shown,
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    s.active && t('reports.subscription.nextRun', { when: dates.dateTime(s.next_run_at) }),
                    t('reports.subscription.lastSent', {
                      when: s.last_sent_at ? dates.dateTime(s.last_sent_at) : t('reports.subscription.never'),
                    }),
                    s.owner && t('reports.subscription.owner', { name: isolate(s.owner.name) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {s.last_status === 'failed' && s.last_error && (
                  <Text size="xs" c="red">
                    {s.last_error}
                  </Text>
                )}
                {s.last_skipped.length > 0 && (
                  <Text size="xs" c="orange">
                    {t('reports.subscription.skipped', { emails: s.last_skipped.join(', ') })}
                  </Text>
                )}
              </Stack>
              {s.can_edit && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('reports.subscription.sendNow')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('reports.subscription.sendNow')}
                      loading={sendNow.isPending && sendNow.variables === s.id}
                      onClick={() => send(s)}
                    >
                      <IconSend size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('reports.subscription.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('reports.subscription.edit')}
                      onClick={() => onEdit(s)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('reports.subscription.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('reports.subscription.delete')}
                      onClick={() => confirmDelete(s)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
