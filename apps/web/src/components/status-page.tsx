import { Box, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusPageProps = {
  icon: ReactNode;
  // Large text above the title, e.g. 'ERROR 404!'.
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  color?: string;
  // Inside the app shell the page fills the content area, not the whole window.
  fullHeight?: boolean;
};

// The one layout for every status screen (404, errors, maintenance, coming soon), so they read alike.
export function StatusPage({
  icon,
  eyebrow,
  title,
  description,
  actions,
  children,
  color = 'gray',
  fullHeight = true,
}: StatusPageProps) {
  // A whole-window status page is the page's main landmark (axe: landmark-one-main, region); inside
  // the app shell it sits in the shell's own <main>.
  return (
    <Center
      component={fullHeight ? 'main' : 'div'}
      mih={fullHeight ? '100dvh' : 'calc(100dvh - var(--app-shell-header-height, 0px) - 4rem)'}
      p="xl"
    >
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={72} radius={36} variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        {eyebrow && (
          <Text fw={700} fz="sm" c="dimmed" tt="uppercase" lts={1.5}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={28} fw={650}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" fz="md" lh={1.6}>
            {description}
          </Text>
        )}
        {children && <Box w="100%">{children}</Box>}
        {actions && (
          <Group justify="center" gap="sm" mt="sm">
            {actions}
          </Group>
        )}
      </Stack>
    </Center>
  );
}
