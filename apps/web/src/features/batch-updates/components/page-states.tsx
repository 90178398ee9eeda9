import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';

// The page's own loading face: a spinner named for screen readers.
export function PageLoader({ label }: { label: string }) {
  return (
    <Center py={64}>
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

// An update that does not exist or is another's tenant's, or a new-update link without a selection.
export function PageProblem({ title, hint }: { title: string; hint?: string }) {
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" maw={440} ta="center" role="alert">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconArrowsExchange size={24} aria-hidden />
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
