import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Spec 2 §2.1 records-report/new (create object report): object reports read records, which this
// product does not keep yet.
export function RecordsReportPage({ dashboardId }: { dashboardId: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl">
          <IconDatabaseOff size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz={20}>
          {t('reports.records.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('reports.records.description')}
        </Text>
        <Button component={Link} to={`/dashboard/${dashboardId}`} variant="light" mt="sm">
          {t('reports.backToDashboard')}
        </Button>
      </Stack>
    </Paper>
  );
}
