import type { BatchImport, ImportRow, ImportRowsQuery } from '@attest/shared';
import { Box, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { useImportRows } from '../api/batch-imports';

export const IMPORT_ROWS_PAGE_SIZE = 50;

// A row's problems, each under its column's header; or, for a row the run could not write, the
// run's message.
function RowProblems({ row, headers }: { row: ImportRow; headers: readonly string[] }) {
  const { t } = useTranslation();
  if (!row.problems || row.problems.length === 0)
    return <Text size="sm">{row.message ?? t('batchImports.preview.noProblem')}</Text>;
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {row.problems.map((problem, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's problems are a fixed list
        <Text component="li" size="sm" key={i}>
          {problem.column !== null && headers[problem.column] !== undefined && (
            <Text component="span" fw={500}>
              <UserText>{headers[problem.column] ?? ''}</UserText>:{' '}
            </Text>
          )}
          {problem.message}
        </Text>
      ))}
    </Stack>
  );
}

type ImportRowsTableProps = {
  item: BatchImport;
  // Which rows: those with problems (the preview), those that failed (after the run), or all.
  filter: Pick<ImportRowsQuery, 'problems' | 'outcome'>;
  label: string;
  emptyTitle: string;
  emptyDescription: string;
  enabled?: boolean;
};

// An import's staged rows by their number in the file, a page at a time from the server.
export function ImportRowsTable({
  item,
  filter,
  label,
  emptyTitle,
  emptyDescription,
  enabled = true,
}: ImportRowsTableProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [shownFilter, setShownFilter] = useState(filter);
  // Another filter starts again at its first page.
  if (shownFilter.problems !== filter.problems || shownFilter.outcome !== filter.outcome) {
    setShownFilter(filter);
    setPage(1);
  }
  const rows = useImportRows(
    item.id,
    { limit: IMPORT_ROWS_PAGE_SIZE, offset: (page - 1) * IMPORT_ROWS_PAGE_SIZE, ...filter },
    enabled,
  );
  const count = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <ListStates
        pending={rows.isPending}
        failed={rows.isError}
        empty={(rows.data?.results.length ?? 0) === 0}
        loadingLabel={t('batchImports.loading')}
        failedText={t('batchImports.preview.failed')}
        emptyIcon={null}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
      >
        <Table aria-label={label} style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={96}>{t('batchImports.preview.row')}</Table.Th>
              <Table.Th>{t('batchImports.preview.problems')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data?.results.map((row) => (
              <Table.Tr key={row.row_number}>
                <Table.Td>{count(row.row_number)}</Table.Td>
                <Table.Td>
                  <RowProblems row={row} headers={item.headers} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListStates>
      {rows.data && rows.data.count > 0 && (
        <Box px="md" py="sm" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-2)' }}>
          <TableOverview
            page={page}
            onPage={setPage}
            total={rows.data.count}
            pageSize={IMPORT_ROWS_PAGE_SIZE}
            hideSinglePage
          />
        </Box>
      )}
    </Paper>
  );
}
