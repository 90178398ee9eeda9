import { BATCH_IMPORT_PATHS, type BatchImport } from '@attest/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { apiUrl } from '../../../lib/api/api-url';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useUndoImport } from '../api/batch-imports';
import { refusalText } from '../lib/refusal-text';
import { ImportRowsTable } from './import-rows-table';

function Count({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

// Plan §4.5, §4.6: what the run did, the per-row results file, and undo while nothing the import
// wrote was changed since (the server checks and names the changed rows).
export function DoneStep({ item, canPerform }: { item: BatchImport; canPerform: boolean }) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const undo = useUndoImport(item.id);
  const count = (n: number) => n.toLocaleString(i18n.language);

  const confirmUndo = () =>
    modals.openConfirmModal({
      title: t('batchImports.done.undoTitle'),
      children: (
        <Text size="sm">{t('batchImports.done.undoConfirm', { count: item.created + item.updated })}</Text>
      ),
      labels: { confirm: t('batchImports.done.undo'), cancel: t('batchImports.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => undo.mutate(),
    });

  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t(
          `batchImports.done.heading.${item.state === 'finished' || item.state === 'failed' || item.state === 'undone' ? item.state : 'undoing'}`,
        )}
      </Title>
      {item.state === 'failed' && item.error && (
        <Alert color="red" role="alert">
          {item.error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} maw={520}>
        <Count label={t('batchImports.done.created')} value={count(item.created)} />
        <Count label={t('batchImports.done.updated')} value={count(item.updated)} />
        <Count label={t('batchImports.done.failed')} value={count(item.failed)} />
      </SimpleGrid>
      {item.state === 'undoing' && <Text role="status">{t('batchImports.done.undoing')}</Text>}
      {item.state === 'undone' && (
        <Text role="status">
          {t('batchImports.done.undone', { at: item.undone_at ? dates.fullDateTime(item.undone_at) : '' })}
          {item.undone_by && (
            <>
              {' '}
              (<UserText>{item.undone_by.name}</UserText>)
            </>
          )}
        </Text>
      )}
      {undo.isError && (
        <Alert color="red" role="alert" title={t('batchImports.done.undoRefused')}>
          {refusalText(t, undo.error)}
        </Alert>
      )}
      {item.failed > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="h5">
            {t('batchImports.done.failedRows', { count: item.failed, shown: count(item.failed) })}
          </Title>
          <ImportRowsTable
            item={item}
            filter={{ outcome: 'failed' }}
            label={t('batchImports.done.failedRowsTable')}
            emptyTitle={t('batchImports.done.noFailedRows')}
            emptyDescription=""
          />
        </Stack>
      )}
      <Group>
        {item.results_available && (
          <Button
            component="a"
            href={apiUrl(BATCH_IMPORT_PATHS.results(item.id))}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('batchImports.done.download')}
          </Button>
        )}
        {canPerform && item.can_undo && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={confirmUndo}
            loading={undo.isPending}
          >
            {t('batchImports.done.undo')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
