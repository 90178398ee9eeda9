import type { AvailableStatus } from '@attest/shared';
import { Badge } from '@mantine/core';

export type StatusBadgeProps = { status: AvailableStatus; size?: 'sm' | 'md' | 'lg' };

// The status in its own colour (spec 1 §3 available status color_code).
export function StatusBadge({ status, size = 'md' }: StatusBadgeProps) {
  return (
    <Badge data-testid="workflow-status" color={status.color_code} variant="filled" size={size} radius="sm">
      {status.display_name}
    </Badge>
  );
}
