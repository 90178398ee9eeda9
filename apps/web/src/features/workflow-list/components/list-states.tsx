import { PAGE_SIZE } from '@attest/shared';
import { Button, Center, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilterOff, IconLock, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// Loading: the table's shape, so the page does not jump when rows arrive.
export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Table aria-label={t('dashboard.table.loading')} aria-busy verticalSpacing={14}>
      <Table.Tbody>
        {Array.from({ length: Math.min(PAGE_SIZE, 10) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <Table.Tr key={i}>
            <Table.Td w={40}>
              <Skeleton h={12} w={24} />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={`${50 + ((i * 17) % 40)}%`} />
            </Table.Td>
            <Table.Td w={110}>
              <Skeleton h={18} w={80} radius="sm" />
            </Table.Td>
            <Table.Td w={120}>
              <Skeleton h={8} w={90} />
            </Table.Td>
            <Table.Td w={120}>
              <Skeleton h={12} w={80} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function EmptyList({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {filtered ? <IconFilterOff size={24} /> : <IconStack2 size={24} />}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t(filtered ? 'dashboard.empty.filteredTitle' : 'dashboard.empty.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t(filtered ? 'dashboard.empty.filteredHint' : 'dashboard.empty.hint')}
        </Text>
        {filtered && (
          <Button variant="light" onClick={onClear} mt="xs">
            {t('dashboard.filters.clearAll')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

// Spec 1 §8: the list answering 401 or 403 shows 'Dashboard access denied'.
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" maw={420} ta="center" role="alert">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconLock size={24} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('dashboard.accessDenied')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('dashboard.accessDeniedHint')}
        </Text>
      </Stack>
    </Center>
  );
}
