import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// The heading of an administration page: its title, a line on what it is for, and its actions.
// Shared by every Settings page, whichever feature owns it.
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={2}>
        <Title order={1} fz={24} fw={700}>
          {title}
        </Title>
        <Text fz="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
