import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// A page's own loading face: a spinner named for screen readers.
export function PageLoader({ label }: { label: string }) {
  return (
    <Center py={64}>
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

// What a page shows instead of its content: something that does not exist or that the person may
// not see (one message for both, so the page does not tell which exist), or a link missing what it
// needs. The icon is the page's own.
export function PageProblem({ title, hint, icon }: { title: string; hint?: string; icon: ReactNode }) {
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" maw={440} ta="center" role="alert">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Title order={1} fz="lg">
          {title}
        </Title>
        {hint && (
          <Text c="dimmed" size="sm">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
