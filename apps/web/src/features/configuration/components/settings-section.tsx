import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// One titled card of a settings form, with an optional line on what it changes.
export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="md" fw={600}>
            {title}
          </Title>
          {hint && (
            <Text fz="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
