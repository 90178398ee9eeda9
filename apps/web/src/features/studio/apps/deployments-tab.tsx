import { STUDIO_ENVIRONMENTS, type StudioAppDetail } from '@attest/shared';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { runningDeployments } from '../api/deployments';
import { TestEnvironments } from '../environments/test-environments';
import { EnvironmentBadge, versionLabel } from './studio-badges';

export type DeploymentsTabProps = { detail: StudioAppDetail };

// Which version runs where (each environment runs its newest deployment), then the history.
export function DeploymentsTab({ detail }: DeploymentsTabProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const running = runningDeployments(detail.deployments);
  const versionOf = (id: number) => {
    const version = detail.versions.find((v) => v.id === id);
    return version ? versionLabel(version) : `#${id}`;
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" data-testid="studio-environments">
        {STUDIO_ENVIRONMENTS.map((environment) => {
          const deployment = running.get(environment);
          return (
            <Paper key={environment} withBorder radius="md" p="sm" data-testid={`studio-env-${environment}`}>
              <Stack gap={6}>
                <EnvironmentBadge environment={environment} />
                {deployment ? (
                  <>
                    <Text fz="lg" fw={600}>
                      {versionOf(deployment.version_id)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {dates.dateTime(deployment.deployed_at)}
                    </Text>
                  </>
                ) : (
                  <Text fz="sm" c="dimmed">
                    {t('studio.deployments.nothing')}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      <TestEnvironments detail={detail} />
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('studio.deployments.history')}
        </Title>
        {detail.deployments.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('studio.deployments.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" data-testid="studio-deployments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('studio.deployments.environment')}</Table.Th>
                  <Table.Th>{t('studio.deployments.version')}</Table.Th>
                  <Table.Th>{t('studio.deployments.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.deployments.map((deployment) => (
                  <Table.Tr key={deployment.id}>
                    <Table.Td>{t(`studio.environments.${deployment.environment}`)}</Table.Td>
                    <Table.Td>{versionOf(deployment.version_id)}</Table.Td>
                    <Table.Td>{dates.dateTime(deployment.deployed_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
