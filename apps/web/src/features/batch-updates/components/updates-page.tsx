import type { BatchUpdate } from '@attest/shared';
import { Anchor, Box, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { isWorking, UPDATES_PAGE_SIZE, useBatchUpdates } from '../api/batch-updates';
import { changeSummary } from '../lib/change-summary';
import { StateBadge } from './state-badge';
import { UpdateProgress } from './update-progress';
import { usePlaceNames } from './use-place-names';

// What an update works on: workflows (of one kind, or every kind) or one object type's records.
export function targetText(t: ReturnType<typeof useTranslation>['t'], update: BatchUpdate): string {
  if (update.target === 'records')
    return t('batchUpdates.target.records', { type: update.object_type?.name ?? '' });
  return update.kind
    ? t('batchUpdates.target.workflowsOfKind', { kind: update.kind.name })
    : t('batchUpdates.target.workflows');
}

// /batch-updates (plan §7): the tenant's batch updates, newest first, paged by the server.
export function UpdatesPage() {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const updates = useBatchUpdates(page);
  const names = usePlaceNames();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const data = updates.data;

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t('batchUpdates.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('batchUpdates.list.intro')}
          </Text>
        </div>
        <Button
          component={Link}
          to="/workflows/instances"
          variant="default"
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
        >
          {t('batchUpdates.list.startFromDashboard')}
        </Button>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <ListStates
          pending={updates.isPending}
          failed={updates.isError}
          empty={(data?.results.length ?? 0) === 0}
          loadingLabel={t('batchUpdates.loading')}
          failedText={t('batchUpdates.list.failed')}
          emptyIcon={<IconArrowsExchange size={28} aria-hidden />}
          emptyTitle={t('batchUpdates.list.emptyTitle')}
          emptyDescription={t('batchUpdates.list.emptyHint')}
        >
          {data && (
            <Table.ScrollContainer minWidth={760} type="native">
              <Table
                aria-label={t('batchUpdates.list.tableLabel')}
                highlightOnHover
                verticalSpacing={10}
                style={{ opacity: updates.isPlaceholderData ? 0.6 : 1 }}
                aria-busy={updates.isPlaceholderData}
              >
                <Table.Thead>
                  <Table.Tr>
                    {(['update', 'target', 'items', 'change', 'state', 'progress', 'created'] as const).map(
                      (column) => (
                        <Table.Th key={column} fz="xs" c="dimmed" tt="uppercase">
                          {t(`batchUpdates.list.columns.${column}`)}
                        </Table.Th>
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((update) => (
                    <Table.Tr key={update.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/batch-update/${update.id}`} fw={500}>
                          {t('batchUpdates.update.name', { id: update.id })}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <UserText>{targetText(t, update)}</UserText>
                      </Table.Td>
                      <Table.Td>{number(update.total)}</Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          {changeSummary(t, update.changes, names).map((line) => (
                            <Text key={line} size="sm">
                              <UserText>{line}</UserText>
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <StateBadge state={update.state} />
                      </Table.Td>
                      <Table.Td>
                        {isWorking(update.state) ||
                        update.state === 'finished' ||
                        update.state === 'undone' ? (
                          <UpdateProgress update={update} compact />
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {update.created_by ? <UserText>{update.created_by.name}</UserText> : null}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {dates.dateTime(update.created_at)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListStates>
        {data && data.results.length > 0 && (
          <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <TableOverview
              page={page}
              onPage={(value) => setSearch(value > 1 ? { page: String(value) } : {})}
              total={data.count}
              pageSize={UPDATES_PAGE_SIZE}
              hideSinglePage
            />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
