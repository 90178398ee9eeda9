import { Badge } from '@mantine/core';
import { UserText } from '../../../components/user-text';

type StatusPillProps = { status: { display_name: string; color_code: string } };

// Spec 1 §3: the status in its own colour, light so a page of them stays readable.
export function StatusPill({ status }: StatusPillProps) {
  return (
    <Badge
      data-testid="status-pill"
      color={status.color_code}
      variant="light"
      radius="sm"
      size="md"
      tt="none"
      fw={600}
      // Never truncated: the label is short and the table scrolls sideways instead.
      style={{ minWidth: 'max-content' }}
      leftSection={
        <span
          style={{
            width: 6,
            height: 6,
            borderRadius: 6,
            background: status.color_code,
            display: 'inline-block',
          }}
        />
      }
    >
      {/* The definition's label, tenant data: the server names it in the reader's language when the
          tenant gave one (issue 14); shown as given, isolated. */}
      <UserText>{status.display_name}</UserText>
    </Badge>
  );
}
