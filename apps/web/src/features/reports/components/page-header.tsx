import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ReportsPageHeader({
  title,
  titleAction,
  description,
  actions,
}: {
  title: ReactNode;
  // Beside the title: the dashboard's own menu.
  titleAction?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="nowrap">
          <Title order={1} fz={24} fw={700}>
            {title}
          </Title>
          {titleAction}
        </Group>
        {description && (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
