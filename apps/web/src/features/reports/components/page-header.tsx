import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { UserText } from '../../../components/user-text';

// The title and description are mostly a report's or dashboard's own name and words: isolated.
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
            <UserText>{title}</UserText>
          </Title>
          {titleAction}
        </Group>
        {description && (
          <Text fz="sm" c="dimmed" dir="auto">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
