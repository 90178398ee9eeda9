import type { BadgeChip as BadgeChipData } from '@attest/shared';
import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { readableTextOn } from '../../../lib/color/hex';
import { BadgeIcon } from './badge-icon';

// One badge as people see it everywhere: its colour, its icon and its label, the text always
// readable on the colour (WCAG AA, lib/color).
export function BadgeChip({ badge, size = 'sm' }: { badge: BadgeChipData; size?: 'xs' | 'sm' | 'md' }) {
  const text = readableTextOn(badge.colour);
  return (
    <Badge
      size={size}
      radius="sm"
      variant="filled"
      color={badge.colour}
      leftSection={<BadgeIcon name={badge.icon} size={size === 'md' ? 14 : 12} />}
      tt="none"
      fw={600}
      data-badge-tag={badge.tag}
      // A label cut short by the chip's width is read whole on hover.
      title={badge.label}
      // Mantine draws a filled badge's text in --badge-color: set it, not only the root's colour.
      style={{ maxWidth: 180, color: text, '--badge-color': text } as CSSProperties}
    >
      {badge.label}
    </Badge>
  );
}
