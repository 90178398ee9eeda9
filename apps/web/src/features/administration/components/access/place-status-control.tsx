import type { PlaceStatus } from '@attest/shared';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Active or archived places: the lists of regions and of a region's business units.
export function PlaceStatusControl({
  value,
  onChange,
  size,
}: {
  value: PlaceStatus;
  onChange: (status: PlaceStatus) => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('admin.places.statusFilter')}
      value={value}
      onChange={(next) => onChange(next as PlaceStatus)}
      data={[
        { value: 'active', label: t('admin.places.active') },
        { value: 'archived', label: t('admin.places.archivedTab') },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
