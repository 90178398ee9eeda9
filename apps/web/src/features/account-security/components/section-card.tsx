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
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={40} radius="md" variant="light">
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
