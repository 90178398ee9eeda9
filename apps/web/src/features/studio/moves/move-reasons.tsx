import type { WorkflowMoveReason } from '@attest/shared';
import { List, Text } from '@mantine/core';

// The server's sentence per reason (it names the step or field the new version lacks).
export function MoveReasons({ reasons }: { reasons: readonly WorkflowMoveReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <List size="xs" spacing={2} c="orange.8">
      {reasons.map((reason) => (
        <List.Item key={`${reason.code}:${reason.step_tag ?? ''}:${reason.field_tag ?? ''}`}>
          <Text fz="xs" span>
            {reason.message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
