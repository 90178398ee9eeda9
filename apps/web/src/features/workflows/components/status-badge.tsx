import type { AvailableStatus } from '@attest/shared';
import { Badge } from '@mantine/core';
import { UserText } from '../../../components/user-text';

export type StatusBadgeProps = { status: AvailableStatus; size?: 'sm' | 'md' | 'lg' };

// The status in its own colour (spec 1 §3 available status color_code). Its label is the workflow
// definition's, tenant data the server names in the reader's language when the tenant gave one
// (issue 14): shown as written ("In Review", not "IN REVIEW": capitals are wrong in many languages
// and mean nothing in Arabic or Japanese), isolated so it keeps its order in a right-to-left page.
export function StatusBadge({ status, size = 'md' }: StatusBadgeProps) {
  return (
    <Badge
      data-testid="workflow-status"
      color={status.color_code}
      variant="filled"
      size={size}
      radius="sm"
      tt="none"
    >
      <UserText>{status.display_name}</UserText>
    </Badge>
  );
}
