import type { BatchUpdateItemOutcome, BatchUpdateState } from '@attest/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<BatchUpdateState, string> = {
  selecting: 'gray',
  previewed: 'blue',
  queued: 'gray',
  running: 'blue',
  finished: 'green',
  failed: 'red',
  undoing: 'orange',
  undone: 'gray',
};

export function StateBadge({ state }: { state: BatchUpdateState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`batchUpdates.states.${state}`)}
    </Badge>
  );
}

const OUTCOME_COLORS: Record<BatchUpdateItemOutcome, string> = {
  pending: 'blue',
  changed: 'green',
  unchanged: 'gray',
  refused: 'red',
  failed: 'red',
  undone: 'gray',
  kept_changed: 'orange',
};

export function OutcomeBadge({ outcome }: { outcome: BatchUpdateItemOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="light" size="sm">
      {t(`batchUpdates.outcomes.${outcome}`)}
    </Badge>
  );
}
