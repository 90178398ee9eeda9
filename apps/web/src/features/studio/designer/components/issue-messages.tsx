import { List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DesignerIssue } from '../model/validation';

// The definition schema's messages for one element or property, shown right under it.
export function IssueMessages({ issues, id }: { issues: readonly DesignerIssue[]; id?: string }) {
  if (issues.length === 0) return null;
  return (
    <List
      id={id}
      size="xs"
      c="red.8"
      spacing={2}
      icon={<IconAlertTriangle size={14} aria-hidden />}
      data-testid="designer-issues"
    >
      {issues.map((issue, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity of their own
        <List.Item key={index}>
          <Text size="xs" c="red.8" component="span">
            {issue.property ? <code>{issue.property}</code> : null} {issue.message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
