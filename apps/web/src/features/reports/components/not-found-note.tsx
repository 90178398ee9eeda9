import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Another tenant's id, a deleted one or a mistyped one: the API never says which (404).
export function NotFoundNote() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm">
        <Text fw={600}>{t('reports.notFound')}</Text>
        <Button component={Link} to="/dashboards" variant="light">
          {t('reports.backToDashboards')}
        </Button>
      </Stack>
    </Paper>
  );
}
