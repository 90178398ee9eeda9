import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type SectionCardProps = {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
};

// One card per concern on the security page, all laid out alike.
export function SectionCard({ icon, title, description, aside, children }: SectionCardProps) {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs">
      {/* On a narrow screen the action drops below the title rather than squeezing it. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md" style={{ flex: '1 1 300px' }}>
          <ThemeIcon size={40} radius="md" variant="light" visibleFrom="xs">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz="lg" fw={650}>
              {title}
            </Title>
            <Text fz="sm" c="dimmed" maw={560}>
              {description}
            </Text>
          </Stack>
        </Group>
        {aside}
      </Group>
      {children && <Stack mt="lg">{children}</Stack>}
    </Paper>
  );
}
