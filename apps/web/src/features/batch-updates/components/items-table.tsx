import { BATCH_UPDATE_ITEM_OUTCOMES, type BatchUpdate, type BatchUpdateItemOutcome } from '@attest/shared';
import { Anchor, Box, Group, Paper, Select, Stack, Table, Text, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { ITEMS_PAGE_SIZE, useBatchUpdateItems } from '../api/batch-updates';
import { itemChanges } from '../lib/item-values';
import { OutcomeBadge } from './state-badge';

const ALL = 'all';

// The update's items (plan §5.2), paged by the server: each workflow or record, what it holds now
// and what the update makes of it, and its outcome. Filtered by outcome.
export function ItemsTable({
  update,
  fieldLabels,
}: {
  update: BatchUpdate;
  fieldLabels: ReadonlyMap<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<BatchUpdateItemOutcome | null>(null);
  const items = useBatchUpdateItems(update.id, page, outcome);
  const data = items.data;
  const Arrow = dir === 'rtl' ? IconArrowLeft : IconArrowRight;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const link = (id: number) =>
    update.target === 'records' && update.object_type
      ? `/records/${update.object_type.tag}/${id}`
      : `/process/${id}`;

  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby="batch-update-items"
    >
      <Group justify="space-between" p="md" wrap="wrap" align="flex-end">
        <Stack gap={0}>
          <Text fw={600} id="batch-update-items" component="h2" fz="md" m={0}>
            {t('batchUpdates.items.heading')}
          </Text>
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('batchUpdates.items.count', { formatted: number(data.count) })}
            </Text>
          )}
        </Stack>
        <Select
          label={t('batchUpdates.items.outcomeFilter')}
          w={220}
          allowDeselect={false}
          value={outcome ?? ALL}
          data={[
            { value: ALL, label: t('batchUpdates.items.allOutcomes') },
            ...BATCH_UPDATE_ITEM_OUTCOMES.map((o) => ({ value: o, label: t(`batchUpdates.outcomes.${o}`) })),
          ]}
          onChange={(value) => {
            setOutcome(value === null || value === ALL ? null : (value as BatchUpdateItemOutcome));
            setPage(1);
          }}
        />
      </Group>
      <ListStates
        pending={items.isPending}
        failed={items.isError}
        empty={(data?.results.length ?? 0) === 0}
        loadingLabel={t('batchUpdates.loading')}
        failedText={t('batchUpdates.items.failed')}
        emptyIcon={<IconListDetails size={28} aria-hidden />}
        emptyTitle={t('batchUpdates.items.emptyTitle')}
        emptyDescription={t('batchUpdates.items.emptyHint')}
      >
        {data && (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table
              aria-label={t('batchUpdates.items.tableLabel')}
              verticalSpacing={8}
              style={{ opacity: items.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={items.isPlaceholderData}
            >
              <Table.Thead>
                <Table.Tr>
                  {(['name', 'change', 'outcome'] as const).map((column) => (
                    <Table.Th key={column} fz="xs" c="dimmed" tt="uppercase">
                      {t(`batchUpdates.items.columns.${column}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.results.map((item) => (
                  <Table.Tr key={item.target_id}>
                    <Table.Td>
                      <Anchor component={Link} to={link(item.target_id)} size="sm">
                        <UserText>{item.name}</UserText>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {itemChanges(t, item, fieldLabels).map((change) => (
                          <Group key={change.key} gap={6} wrap="nowrap" fz="sm">
                            <Text size="sm" c="dimmed">
                              <UserText>{change.label}</UserText>:
                            </Text>
                            <Text
                              size="sm"
                              td={change.after === null ? undefined : 'line-through'}
                              c="dimmed"
                            >
                              <UserText>{change.before}</UserText>
                            </Text>
                            {change.after !== null && (
                              <>
                                <Arrow size={14} aria-label={t('batchUpdates.items.becomes')} role="img" />
                                <Text size="sm" fw={600}>
                                  <UserText>{change.after}</UserText>
                                </Text>
                              </>
                            )}
                          </Group>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <OutcomeBadge outcome={item.outcome} />
                        {item.message && (
                          <Text size="xs" c="dimmed">
                            <UserText>{item.message}</UserText>
                          </Text>
                        )}
                      </Stack>
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
            onPage={setPage}
            total={data.count}
            pageSize={ITEMS_PAGE_SIZE}
            hideSinglePage
          />
        </Box>
      )}
    </Paper>
  );
}
