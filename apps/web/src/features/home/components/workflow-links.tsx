import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export type WorkflowLinkItem = {
  key: string;
  href: string;
  name: string;
  // A second line: the kind, the step, the due date.
  detail?: string | undefined;
  status?: { display_name: string; color_code: string } | undefined;
};

// A section's rows: each a link to the workflow, its status named in words beside a colour dot (the
// colour alone would say nothing to a screen reader, and a coloured badge may lack contrast).
export function WorkflowLinks({ items, label }: { items: WorkflowLinkItem[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          py={6}
          style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            {/* The row's width: a name in the other direction than the page's aligns the same way
                whether it is short or long (a shrunk box sat at the page's start). */}
            <Box miw={0} style={{ flex: 1 }}>
              <Anchor component={Link} to={item.href} fw={500} lineClamp={1} dir="auto">
                {item.name}
              </Anchor>
              {item.detail && (
                <Text fz="xs" c="dimmed" lineClamp={1} dir="auto">
                  {item.detail}
                </Text>
              )}
            </Box>
            {item.status && (
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Box
                  aria-hidden
                  w={8}
                  h={8}
                  style={{ borderRadius: '50%', background: item.status.color_code }}
                />
                <Text fz="xs" dir="auto">
                  {item.status.display_name}
                </Text>
              </Group>
            )}
          </Group>
        </Box>
      ))}
    </Box>
  );
}
