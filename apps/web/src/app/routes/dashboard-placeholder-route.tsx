import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { NewWorkflowButton } from '../../features/workflows/components/new-workflow-button';

// The dashboard arrives with issue 5; until then its page already starts workflows.
export function DashboardPlaceholderRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t('areas.dashboard')}
        </Title>
        <NewWorkflowButton label="process.create.start" variant="light" />
      </Group>
      <ComingSoon area="dashboard" />
    </Stack>
  );
}
