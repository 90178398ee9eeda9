import type { BatchImport, ImportRow } from '@attest/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/list-states';
import { UserText } from '../../../components/user-text';
import { useImportRows, useRunImport } from '../api/batch-imports';
import { refusalText } from '../lib/refusal-text';

export const PREVIEW_PAGE_SIZE = 50;

function Problems({ row, headers }: { row: ImportRow; headers: readonly string[] }) {
  const { t } = useTranslation();
  if (!row.problems || row.problems.length === 0)
    return <Text size="sm">{t('batchImports.preview.noProblem')}</Text>;
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

type PreviewStepProps = { item: BatchImport; canPerform: boolean; onChangeMapping: () => void };

// Plan §4.3: every problem before anything is written. The rows with problems by default, each with
// its row number in the file; then "Import N rows" runs the valid ones.
export function PreviewStep({ item, canPerform, onChangeMapping }: PreviewStepProps) {
  const { t, i18n } = useTranslation();
  const [problemsOnly, setProblemsOnly] = useState(true);
  const [page, setPage] = useState(1);
  const validating = item.state === 'validating';
  const rows = useImportRows(
    item.id,
    {
      limit: PREVIEW_PAGE_SIZE,
      offset: (page - 1) * PREVIEW_PAGE_SIZE,
      problems: problemsOnly ? 'only' : undefined,
    },
    !validating,
  );
  const run = useRunImport(item.id);
  const count = (n: number) => n.toLocaleString(i18n.language);
  const pages = rows.data ? Math.max(1, Math.ceil(rows.data.count / PREVIEW_PAGE_SIZE)) : 1;

  if (validating)
    return (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('batchImports.preview.checking')}</Text>
      </Group>
    );

  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('batchImports.preview.heading')}
      </Title>
      <Text aria-live="polite">
        {t('batchImports.preview.counts', {
          valid: count(item.rows_valid),
          invalid: count(item.rows_invalid),
        })}
      </Text>
      <Switch
        label={t('batchImports.preview.problemsOnly')}
        checked={problemsOnly}
        onChange={(event) => {
          setProblemsOnly(event.currentTarget.checked);
          setPage(1);
        }}
      />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <ListStates
          pending={rows.isPending}
          failed={rows.isError}
          empty={(rows.data?.results.length ?? 0) === 0}
          loadingLabel={t('batchImports.loading')}
          failedText={t('batchImports.preview.failed')}
          emptyIcon={null}
          emptyTitle={t(
            problemsOnly ? 'batchImports.preview.noProblemsTitle' : 'batchImports.preview.noRowsTitle',
          )}
          emptyDescription={t(
            problemsOnly ? 'batchImports.preview.noProblemsHint' : 'batchImports.preview.noRowsHint',
          )}
        >
          <Table
            aria-label={t('batchImports.preview.tableLabel')}
            style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}
          >
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
                    <Problems row={row} headers={item.headers} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListStates>
        {rows.data && pages > 1 && (
          <Group
            justify="flex-end"
            px="md"
            py="sm"
            style={{ borderBlockStart: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': t(`dashboard.pagination.${control}`) })}
            />
          </Group>
        )}
      </Paper>
      {run.isError && (
        <Alert color="red" role="alert" title={t('batchImports.run.refused')}>
          {refusalText(t, run.error)}
        </Alert>
      )}
      {canPerform && (
        <Group justify="space-between">
          <Button variant="default" onClick={onChangeMapping}>
            {t('batchImports.preview.changeMapping')}
          </Button>
          <Button onClick={() => run.mutate()} loading={run.isPending} disabled={item.rows_valid === 0}>
            {t('batchImports.run.start', { count: item.rows_valid, shown: count(item.rows_valid) })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
