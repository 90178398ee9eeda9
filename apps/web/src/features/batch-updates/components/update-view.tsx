import { BATCH_UPDATE_PATHS, type BatchUpdate } from '@attest/shared';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '../../../components/breadcrumb';
import { UserText } from '../../../components/user-text';
import { apiUrl } from '../../../lib/api/api-url';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { objectTypeQueryOptions, recordKeys } from '../../records';
import { dashboardKeys, kindFieldsQueryOptions } from '../../workflow-list';
import { workflowKeys } from '../../workflows';
import { batchUpdateKeys } from '../api/batch-update-keys';
import { isWorking, useApplyBatchUpdate, useOutcomeCount } from '../api/batch-updates';
import { changeSummary } from '../lib/change-summary';
import { refusalText } from '../lib/refusal-text';
import { ItemsTable } from './items-table';
import { StateBadge } from './state-badge';
import { UndoButton } from './undo-button';
import { UpdateProgress } from './update-progress';
import { targetText } from './updates-page';
import { usePlaceNames } from './use-place-names';

function Count({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}

// The preview's counts: of the items, how many would change, stay as they are, or be refused.
function PreviewCounts({ update }: { update: BatchUpdate }) {
  const { t, i18n } = useTranslation();
  const number = (n: number | undefined) =>
    n === undefined ? '…' : new Intl.NumberFormat(i18n.language).format(n);
  const pending = useOutcomeCount(update.id, 'pending');
  const unchanged = useOutcomeCount(update.id, 'unchanged');
  const refused = useOutcomeCount(update.id, 'refused');
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Count label={t('batchUpdates.counts.total')} value={number(update.total)} />
        <Count label={t('batchUpdates.outcomes.pending')} value={number(pending.data)} />
        <Count label={t('batchUpdates.outcomes.unchanged')} value={number(unchanged.data)} />
        <Count label={t('batchUpdates.outcomes.refused')} value={number(refused.data)} />
      </SimpleGrid>
    </Paper>
  );
}

// One batch update (plan §5): its change, then by state the preview to apply, the progress bar
// while the job works (polled every second), or the counts, the results file and Undo.
export function UpdateView({ update }: { update: BatchUpdate }) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const names = usePlaceNames();
  const queryClient = useQueryClient();
  const apply = useApplyBatchUpdate(update.id);
  // Answers are named by their field's label, from the kind's filter catalogue or the object type.
  const kindId = update.kind?.id ?? 0;
  const fields = useQuery({ ...kindFieldsQueryOptions(kindId), enabled: kindId > 0 });
  const typeTag = update.object_type?.tag ?? '';
  const type = useQuery({ ...objectTypeQueryOptions(typeTag), enabled: typeTag !== '' });
  const fieldLabels = useMemo(
    () =>
      new Map([
        ...(fields.data?.results ?? []).flatMap((f) =>
          f.source.kind === 'field' ? [[f.source.field_tag, f.label] as const] : [],
        ),
        ...(type.data?.definition.fields ?? []).map((f) => [f.tag, f.label] as const),
      ]),
    [fields.data, type.data],
  );
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  // Each new state changes the items' outcomes (preview made, applied, undone): ask for them again.
  const seenState = useRef(update.state);
  useEffect(() => {
    if (seenState.current === update.state) return;
    seenState.current = update.state;
    void queryClient.invalidateQueries({ queryKey: [...batchUpdateKeys.update(update.id), 'items'] });
    void queryClient.invalidateQueries({ queryKey: batchUpdateKeys.lists() });
    // Applied or undone: the workflows (or records) changed, so their lists and pages ask again.
    if (update.state === 'finished' || update.state === 'undone') {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.all });
      void queryClient.invalidateQueries({ queryKey: recordKeys.all });
    }
  }, [update.state, update.id, queryClient]);

  const done = update.state === 'finished' || update.state === 'undone';
  return (
    <Stack gap="md" p="lg">
      <Breadcrumb
        items={[
          { label: t('batchUpdates.title'), href: '/batch-updates' },
          { label: t('batchUpdates.update.name', { id: update.id }) },
        ]}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {t('batchUpdates.update.name', { id: update.id })}
            </Title>
            <StateBadge state={update.state} />
          </Group>
          <Text size="sm" c="dimmed">
            <UserText>{targetText(t, update)}</UserText>
            {' · '}
            {update.created_by
              ? t('batchUpdates.update.createdBy', {
                  name: update.created_by.name,
                  date: dates.dateTime(update.created_at),
                })
              : dates.dateTime(update.created_at)}
          </Text>
          {changeSummary(t, update.changes, names, fieldLabels).map((line) => (
            <Text key={line} size="sm" fw={500}>
              <UserText>{line}</UserText>
            </Text>
          ))}
        </Stack>
        <Group gap="sm">
          {update.state === 'previewed' && (
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={apply.isPending}
              disabled={update.total === 0}
              onClick={() => apply.mutate()}
            >
              {t('batchUpdates.apply.button', { formatted: number(update.total) })}
            </Button>
          )}
          {done && (
            <Button
              component="a"
              href={apiUrl(BATCH_UPDATE_PATHS.results(update.id))}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('batchUpdates.results.download')}
            </Button>
          )}
          {update.state === 'finished' && update.can_undo && <UndoButton updateId={update.id} />}
        </Group>
      </Group>

      {apply.error && (
        <Alert color="red" role="alert">
          {refusalText(t, apply.error)}
        </Alert>
      )}
      {update.state === 'selecting' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('batchUpdates.update.previewing')}</Text>
        </Group>
      )}
      {update.state === 'failed' && (
        <Alert color="red" role="alert" title={t('batchUpdates.update.failedTitle')}>
          {update.error ?? t('batchUpdates.errors.failed')}
        </Alert>
      )}
      {update.state === 'undone' && update.undone_at && (
        <Alert color="gray" role="status">
          {update.undone_by
            ? t('batchUpdates.update.undoneBy', {
                name: update.undone_by.name,
                date: dates.dateTime(update.undone_at),
              })
            : t('batchUpdates.update.undoneAt', { date: dates.dateTime(update.undone_at) })}
        </Alert>
      )}

      {(isWorking(update.state) && update.state !== 'selecting') || done ? (
        <Paper withBorder radius="md" p="md">
          <UpdateProgress update={update} />
        </Paper>
      ) : null}

      {update.state === 'previewed' && <PreviewCounts update={update} />}
      {update.state !== 'selecting' && update.state !== 'previewed' && (
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Count label={t('batchUpdates.counts.total')} value={number(update.total)} />
            <Count label={t('batchUpdates.counts.changed')} value={number(update.changed)} />
            <Count label={t('batchUpdates.counts.skipped')} value={number(update.skipped)} />
            <Count label={t('batchUpdates.counts.failed')} value={number(update.failed)} />
          </SimpleGrid>
        </Paper>
      )}

      {/* The items exist once the preview is made. */}
      {update.state !== 'selecting' && <ItemsTable update={update} fieldLabels={fieldLabels} />}
    </Stack>
  );
}
