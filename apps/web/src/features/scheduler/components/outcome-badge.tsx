import type { ScheduledExport } from '@attest/shared';
import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/format/use-date-format';

const COLOURS = { queued: 'gray', running: 'blue', succeeded: 'green', failed: 'red' } as const;

// The last run: when, and its outcome as a badge; a failure's message is in the tooltip and read out.
export function LastRun({ run }: { run: ScheduledExport['last_run'] }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  if (!run) {
    return (
      <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('scheduler.neverRun')}
      </Text>
    );
  }
  const badge = (
    <Badge color={COLOURS[run.outcome]} variant="light" radius="sm">
      {t(`scheduler.outcome.${run.outcome}`)}
    </Badge>
  );
  return (
    <Stack gap={2} align="flex-start">
      {run.message ? (
        <Tooltip label={run.message} multiline w={320} withArrow>
          <span>{badge}</span>
        </Tooltip>
      ) : (
        badge
      )}
      <Text fz="xs" c="dimmed">
        {dates.dateTime(run.at)}
        {run.rows !== null ? ` · ${t('scheduler.rows', { count: run.rows })}` : ''}
      </Text>
      {run.outcome === 'failed' && run.message ? (
        <Text fz="xs" c="red.8" lineClamp={2} maw={260}>
          {run.message}
        </Text>
      ) : null}
    </Stack>
  );
}
