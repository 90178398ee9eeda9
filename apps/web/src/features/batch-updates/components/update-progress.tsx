import type { BatchUpdate } from '@attest/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The job's progress as a labelled progress bar (role progressbar, its value in percent), with
// "done of total" beside it. A finished update reads 100%.
export function UpdateProgress({
  update,
  compact = false,
}: {
  update: Pick<BatchUpdate, 'state' | 'progress' | 'done' | 'total'>;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const percent =
    update.state === 'finished' || update.state === 'undone' ? 100 : Math.round(update.progress * 100);
  const label = t(
    update.state === 'undoing' ? 'batchUpdates.progress.undoing' : 'batchUpdates.progress.label',
  );
  return (
    <Stack gap={4} miw={compact ? 120 : undefined}>
      <Progress.Root size={compact ? 'sm' : 'lg'} radius="xl">
        <Progress.Section
          value={percent}
          color={update.state === 'undoing' ? 'orange' : 'blue'}
          aria-label={label}
          animated={update.state === 'running' || update.state === 'undoing'}
          striped={update.state === 'running' || update.state === 'undoing'}
        />
      </Progress.Root>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('batchUpdates.progress.doneOf', { done: number(update.done), total: number(update.total) })}
        </Text>
        {!compact && (
          <Text size="xs" fw={600} aria-hidden>
            {`${number(percent)}%`}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
