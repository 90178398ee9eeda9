import {
  isSortAvailable,
  type SortAvailabilityInput,
  type SortOrdering,
  toggleOrdering,
} from '@attest/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type SortToggleProps = SortAvailabilityInput & {
  ordering: SortOrdering | null;
  // Called with the new ordering; the caller saves it and clears data_order (changeSort).
  onChange: (ordering: SortOrdering) => void;
};

// Spec 2 §4.2: sorting a group-by field toggles ASC to DESC; it is disabled for choice fields shown
// by label, for cycle-time reports and when the report cannot be edited.
export function SortToggle({ ordering, onChange, ...availability }: SortToggleProps) {
  const { t } = useTranslation();
  const available = isSortAvailable(availability);
  const next = toggleOrdering(ordering);
  const label = available
    ? t(next === 'ASC' ? 'reports.chart.sort.ascending' : 'reports.chart.sort.descending')
    : t('reports.chart.sort.unavailable');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        disabled={!available}
        data-ordering={ordering ?? undefined}
        onClick={() => onChange(next)}
      >
        {ordering === 'DESC' ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
