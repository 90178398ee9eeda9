import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApps, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The tenant has no app yet: say what an app is and invite creating the first.
export function AppsEmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light" color="indigo" aria-hidden>
          <IconApps size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {t('studio.apps.emptyTitle')}
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          {t('studio.apps.emptyText')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate} mt="sm">
          {t('studio.apps.createFirst')}
        </Button>
      </Stack>
    </Paper>
  );
}
