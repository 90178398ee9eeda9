import type { BatchImportSummary } from '@attest/shared';
import { Anchor, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { usePermissions } from '../../auth';
import { useImports } from '../api/batch-imports';
import { ImportStateBadge } from './import-state-badge';
import { NewImportButton } from './new-import-dialog';

export const IMPORTS_PAGE_SIZE = 20;

function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function ImportRow({ item }: { item: BatchImportSummary }) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const count = (n: number) => n.toLocaleString(i18n.language);
  const target = item.object_type?.name ?? item.kind?.name ?? '';
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/batch-import/${item.id}`} fw={500}>
          <UserText>{item.file_name}</UserText>
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {t(`batchImports.targets.${item.target}`)}: <UserText>{target}</UserText>
        </Text>
      </Table.Td>
      <Table.Td>
        <ImportStateBadge state={item.state} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('batchImports.list.rowCounts', {
            total: count(item.rows_total),
            valid: count(item.rows_valid),
            invalid: count(item.rows_invalid),
            done: count(item.rows_done),
          })}
        </Text>
      </Table.Td>
      <Table.Td>{item.created_by ? <UserText>{item.created_by.name}</UserText> : null}</Table.Td>
      <Table.Td>
        <Text component="time" dateTime={item.created_at} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dates.fullDateTime(item.created_at)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

// /batch-imports (spec 2 §2.3): the imports, newest first, paged by the server; "New import" for
// people who may import.
export function ImportsPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const page = readPage(search);
  const imports = useImports({ limit: IMPORTS_PAGE_SIZE, offset: (page - 1) * IMPORTS_PAGE_SIZE });
  const data = imports.data;

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} fz="h2">
          {t('batchImports.list.heading')}
        </Title>
        {can('can_perform_batch_import') && <NewImportButton />}
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <ListStates
          pending={imports.isPending}
          failed={imports.isError}
          empty={(data?.results.length ?? 0) === 0}
          loadingLabel={t('batchImports.loading')}
          failedText={t('batchImports.list.failed')}
          emptyIcon={<IconFileImport size={28} aria-hidden />}
          emptyTitle={t('batchImports.list.emptyTitle')}
          emptyDescription={t('batchImports.list.emptyHint')}
        >
          <Table.ScrollContainer minWidth={760}>
            <Table
              highlightOnHover
              aria-label={t('batchImports.list.heading')}
              style={{ opacity: imports.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('batchImports.list.file')}</Table.Th>
                  <Table.Th>{t('batchImports.list.target')}</Table.Th>
                  <Table.Th>{t('batchImports.list.state')}</Table.Th>
                  <Table.Th>{t('batchImports.list.rows')}</Table.Th>
                  <Table.Th>{t('batchImports.list.createdBy')}</Table.Th>
                  <Table.Th>{t('batchImports.list.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.results.map((item) => (
                  <ImportRow key={item.id} item={item} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListStates>
        {data && data.count > 0 && (
          <Box px="md" py="sm" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-2)' }}>
            <TableOverview
              page={page}
              onPage={(value) => setSearch(value > 1 ? { page: String(value) } : {})}
              total={data.count}
              pageSize={IMPORTS_PAGE_SIZE}
              hideSinglePage
            />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
