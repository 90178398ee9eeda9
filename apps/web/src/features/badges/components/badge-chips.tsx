import { type BadgeChip as BadgeChipData, overflowLabel } from '@attest/shared';
import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BadgeChip } from './badge-chip';

// Spec 2 §9.2: the hidden badges' counter caps its number as N+ (overflowCount).
export const BADGE_OVERFLOW_COUNT = 9;

type Props = {
  badges: readonly BadgeChipData[];
  // How many chips are shown before the +N counter (a list cell, a task row: few).
  max?: number;
  size?: 'xs' | 'sm' | 'md';
};

// A workflow's badges in a row: the first `max` as chips, the rest as one counter whose tooltip
// names them.
export function BadgeChips({ badges, max = 3, size = 'sm' }: Props) {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  const shown = badges.slice(0, max);
  const hidden = badges.slice(max);
  return (
    // Wrapping, not squeezing: three chips in a list's name cell stay readable on a second line.
    <Group gap={4} wrap="wrap" aria-label={t('badges.heldLabel')}>
      {shown.map((badge) => (
        <BadgeChip key={badge.tag} badge={badge} size={size} />
      ))}
      {hidden.length > 0 ? (
        <Tooltip label={hidden.map((b) => b.label).join(', ')} openDelay={100} closeDelay={100}>
          <Badge
            size={size}
            radius="sm"
            variant="light"
            color="gray"
            aria-label={t('badges.more', { count: hidden.length })}
          >
            {hidden.length > BADGE_OVERFLOW_COUNT
              ? overflowLabel(hidden.length, BADGE_OVERFLOW_COUNT)
              : `+${hidden.length}`}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
