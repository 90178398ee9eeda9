import type { BatchImportState } from '@attest/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<BatchImportState, string> = {
  parsing: 'gray',
  parsed: 'gray',
  validating: 'blue',
  validated: 'blue',
  queued: 'gray',
  running: 'blue',
  finished: 'green',
  failed: 'red',
  undoing: 'orange',
  undone: 'gray',
};

// The state in words; the color only repeats it.
export function ImportStateBadge({ state }: { state: BatchImportState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`batchImports.states.${state}`)}
    </Badge>
  );
}
