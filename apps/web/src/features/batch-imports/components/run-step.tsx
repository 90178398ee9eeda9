import type { BatchImport } from '@attest/shared';
import { Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Plan §4.4: the run's progress, from rows_done of rows_total; the page asks again every second while
// the import is queued or running.
export function RunStep({ item }: { item: BatchImport }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => n.toLocaleString(i18n.language);
  const percent =
    item.rows_total > 0 ? Math.min(100, Math.round((item.rows_done / item.rows_total) * 100)) : 0;
  const text =
    item.state === 'queued'
      ? t('batchImports.run.queued')
      : t('batchImports.run.progress', {
          done: count(item.rows_done),
          total: count(item.rows_total),
          percent,
        });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('batchImports.run.heading')}
      </Title>
      <Text id="import-run-progress" aria-live="polite">
        {text}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          animated={item.state === 'running'}
          aria-labelledby="import-run-progress"
        />
      </Progress.Root>
    </Stack>
  );
}
