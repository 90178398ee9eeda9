import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function SidebarSection({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    // The sidebar's sections follow the page's h1 directly: h2 (axe: heading-order).
    <Stack gap={4} component="section" aria-label={title}>
      <Text
        size="xs"
        fw={700}
        c="dimmed"
        tt="uppercase"
        px="xs"
        style={{ letterSpacing: 0.5 }}
        component="h2"
        m={0}
      >
        {title}
        {action}
      </Text>
      {children}
    </Stack>
  );
}
