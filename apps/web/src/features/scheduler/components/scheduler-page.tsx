import {
  type PermissionCodename,
  SCHEDULED_EXPORT_DESTINATIONS,
  SCHEDULER_PERMISSIONS,
  type ScheduledExport,
} from '@attest/shared';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarTime, IconDots, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { formatDateTime } from '../../../lib/format/date-time';
import { useDateFormat } from '../../../lib/format/use-date-format';
import {
  SCHEDULER_PAGE_SIZE,
  useDeleteScheduledExport,
  useRunScheduledExportNow,
  useScheduledExports,
  useSetScheduledExportEnabled,
} from '../api/scheduled-exports';
import { LastRun } from './outcome-badge';
import { type KindChoice, ScheduledExportForm } from './scheduled-export-form';

type Props = { can: (codename: PermissionCodename) => boolean; kinds: readonly KindChoice[] };

// Settings > Scheduler (issue 19, spec 2 §6 'Can access scheduler'): the tenant's scheduled exports,
// paged on the server. Create, change, run, enable and delete are offered per destination kind to
// those whose permission allows that kind.
export function SchedulerPage({ can, kinds }: Props) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ScheduledExport | 'new' | null>(null);
  const list = useScheduledExports(page);
  const enable = useSetScheduledExportEnabled();
  const run = useRunScheduledExportNow();
  const remove = useDeleteScheduledExport();
  const rows = list.data?.results ?? [];
  const allowedKinds = SCHEDULED_EXPORT_DESTINATIONS.filter((k) => can(SCHEDULER_PERMISSIONS[k].change));
  const mayChange = (item: ScheduledExport) => can(SCHEDULER_PERMISSIONS[item.destination.kind].change);
  const mayDelete = (item: ScheduledExport) => can(SCHEDULER_PERMISSIONS[item.destination.kind].delete);

  const schedule = (item: ScheduledExport) => {
    const { frequency, time, weekday, day_of_month: day, time_zone: zone } = item.schedule;
    const weekdayName = weekday
      ? new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2024, 0, weekday)),
        )
      : '';
    return t(`scheduler.every.${frequency}`, { time, weekday: weekdayName, day: day ?? '', zone });
  };
  const confirmDelete = (item: ScheduledExport) =>
    modals.openConfirmModal({
      title: t('scheduler.deleteTitle'),
      children: <Text size="sm">{t('scheduler.deleteConfirm', { name: item.name })}</Text>,
      labels: { confirm: t('scheduler.delete'), cancel: t('scheduler.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(item.id),
    });

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('scheduler.title')}
        description={t('scheduler.description')}
        actions={
          allowedKinds.length > 0 ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('scheduler.create')}
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <ListStates
          pending={list.isPending}
          failed={list.isError}
          empty={rows.length === 0}
          loadingLabel={t('scheduler.loading')}
          failedText={t('scheduler.failed')}
          emptyIcon={<IconCalendarTime size={28} stroke={1.5} />}
          emptyTitle={t('scheduler.emptyTitle')}
          emptyDescription={t('scheduler.emptyDescription')}
        >
          <Table.ScrollContainer minWidth={880}>
            <Table verticalSpacing="sm" data-testid="scheduler-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('scheduler.columns.name')}</Table.Th>
                  <Table.Th>{t('scheduler.columns.what')}</Table.Th>
                  <Table.Th>{t('scheduler.columns.schedule')}</Table.Th>
                  <Table.Th>{t('scheduler.columns.destination')}</Table.Th>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('scheduler.columns.nextRun')}</Table.Th>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('scheduler.columns.lastRun')}</Table.Th>
                  <Table.Th>{t('scheduler.columns.enabled')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('scheduler.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={item.id} data-testid={`schedule-row-${item.id}`}>
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {item.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {item.owner
                          ? t('scheduler.runsAs', { name: item.owner.name })
                          : t('scheduler.noOwner')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">
                        {t(`scheduler.source.${item.source.type}`, {
                          name: item.source_name ?? t('scheduler.sourceGone'),
                          format: item.format.toUpperCase(),
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{schedule(item)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{t(`scheduler.destination.${item.destination.kind}`)}</Text>
                      {/* Addresses read left to right, cut at their end, also in a right-to-left page. */}
                      <Text fz="xs" c="dimmed" maw={220} w="fit-content" truncate="end" dir="ltr">
                        {destinationSummary(item)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {/* In the schedule's own zone, as the Schedule column reads ("07:00 Europe/Berlin"). */}
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {item.enabled
                          ? formatDateTime(item.next_run_at, {
                              locale: dates.context.locale,
                              timeZone: item.schedule.time_zone,
                            })
                          : t('scheduler.paused')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <LastRun run={item.last_run} />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('scheduler.enableLabel', { name: item.name })}
                        checked={item.enabled}
                        disabled={!mayChange(item)}
                        onChange={(e) => enable.mutate({ id: item.id, enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {mayChange(item) ? (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconPlayerPlay size={14} />}
                            onClick={() => run.mutate(item.id)}
                          >
                            {t('scheduler.runNow')}
                          </Button>
                        ) : null}
                        {mayChange(item) || mayDelete(item) ? (
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={t('scheduler.moreActions', { name: item.name })}
                              >
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              {mayChange(item) ? (
                                <Menu.Item onClick={() => setEditing(item)}>{t('scheduler.edit')}</Menu.Item>
                              ) : null}
                              {mayDelete(item) ? (
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconTrash size={14} />}
                                  onClick={() => confirmDelete(item)}
                                >
                                  {t('scheduler.delete')}
                                </Menu.Item>
                              ) : null}
                            </Menu.Dropdown>
                          </Menu>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Box mt="md">
            <TableOverview
              total={list.data?.count}
              page={page}
              onPage={setPage}
              pageSize={SCHEDULER_PAGE_SIZE}
            />
          </Box>
        </ListStates>
        {run.error || enable.error || remove.error ? (
          <Text c="red" fz="sm" role="alert" mt="sm">
            {(run.error ?? enable.error ?? remove.error)?.message}
          </Text>
        ) : null}
      </Paper>
      {editing !== null ? (
        <ScheduledExportForm
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          kinds={kinds}
          allowedKinds={allowedKinds}
          mayPickReports={can('can_view_process_report')}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

// Where the file goes, without any credential (the API never answers those).
function destinationSummary(item: ScheduledExport): string {
  const d = item.destination;
  if (d.kind === 'email') return d.emails.join(', ');
  if (d.kind === 'sftp') return `${d.username}@${d.host}:${d.port}${d.directory ? ` ${d.directory}` : ''}`;
  return `${d.endpoint || 's3'}/${d.bucket}${d.prefix ? `/${d.prefix}` : ''}`;
}
