import {
  isTestEnvironment,
  STUDIO_DEPLOY_PERMISSIONS,
  type StudioAppDetail,
  TEST_ENVIRONMENTS,
  type TestEnvironment,
} from '@attest/shared';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../auth';
import { runningDeployments } from '../api/deployments';
import { EnvironmentTestPanel } from './environment-test-panel';

export type TestEnvironmentsProps = { detail: StudioAppDetail };

// Deployments tab, issue 15: the non-Production environments the person may deploy to, each with the
// version it runs, its processes to start test workflows of, and its test workflows. Starting and
// purging need the environment's deploy permission, so the others are not shown.
export function TestEnvironments({ detail }: TestEnvironmentsProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const running = runningDeployments(detail.deployments);
  const environments: TestEnvironment[] = TEST_ENVIRONMENTS.filter(
    (environment) => isTestEnvironment(environment) && can(STUDIO_DEPLOY_PERMISSIONS[environment]),
  );
  if (environments.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="studio-test-environments">
      <Title order={3} fz="md">
        {t('studioMoves.environments.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('studioMoves.environments.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {environments.map((environment) => (
          <EnvironmentTestPanel
            key={environment}
            detail={detail}
            environment={environment}
            deployment={running.get(environment) ?? null}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
