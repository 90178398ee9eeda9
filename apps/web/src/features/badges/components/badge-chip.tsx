import type { BadgeChip as BadgeChipData } from '@attest/shared';
import { Badge } from '@mantine/core';
import { readableTextOn } from '../../../lib/color/hex';
import { BadgeIcon } from './badge-icon';

// One badge as people see it everywhere: its colour, its icon and its label, the text always
// readable on the colour (WCAG AA, lib/color).
export function BadgeChip({ badge, size = 'sm' }: { badge: BadgeChipData; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      size={size}
      radius="sm"
      variant="filled"
      color={badge.colour}
      c={readableTextOn(badge.colour)}
      leftSection={<BadgeIcon name={badge.icon} size={size === 'md' ? 14 : 12} />}
      tt="none"
      fw={600}
      data-badge-tag={badge.tag}
      style={{ maxWidth: 180 }}
    >
      {badge.label}
    </Badge>
  );
}
