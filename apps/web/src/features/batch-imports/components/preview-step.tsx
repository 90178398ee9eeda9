import type { BatchImport } from '@attest/shared';
import { Alert, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunImport } from '../api/batch-imports';
import { refusalText } from '../lib/refusal-text';
import { ImportRowsTable } from './import-rows-table';

type PreviewStepProps = { item: BatchImport; canPerform: boolean; onChangeMapping: () => void };

// Plan §4.3: every problem before anything is written. The rows with problems by default, each with
// its row number in the file; then "Import N rows" runs the valid ones.
export function PreviewStep({ item, canPerform, onChangeMapping }: PreviewStepProps) {
  const { t, i18n } = useTranslation();
  const [problemsOnly, setProblemsOnly] = useState(true);
  const validating = item.state === 'validating';
  const run = useRunImport(item.id);
  const count = (n: number) => n.toLocaleString(i18n.language);

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
        onChange={(event) => setProblemsOnly(event.currentTarget.checked)}
      />
      <ImportRowsTable
        item={item}
        filter={problemsOnly ? { problems: 'only' } : {}}
        enabled={!validating}
        label={t('batchImports.preview.tableLabel')}
        emptyTitle={t(
          problemsOnly ? 'batchImports.preview.noProblemsTitle' : 'batchImports.preview.noRowsTitle',
        )}
        emptyDescription={t(
          problemsOnly ? 'batchImports.preview.noProblemsHint' : 'batchImports.preview.noRowsHint',
        )}
      />
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
