import type { StudioAppListItem } from '@attest/shared';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { AppIcon } from './app-icon';
import { EnvironmentBadge, StageBadge, versionLabel } from './studio-badges';
import { studioPaths } from './studio-paths';

export type AppsTableProps = { apps: readonly StudioAppListItem[]; loading: boolean; searched: boolean };

// One row per app: icon, name and description, its latest version with its stage, and the
// environments it is deployed to.
export function AppsTable({ apps, loading, searched }: AppsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="studio-apps-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('studio.apps.app')}</Table.Th>
            <Table.Th>{t('studio.apps.latestVersion')}</Table.Th>
            <Table.Th>{t('studio.apps.deployedTo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? null : apps.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text ta="center" c="dimmed" fz="sm" py="xl">
                  {searched ? t('studio.apps.noMatches') : t('studio.apps.emptyTitle')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            apps.map((app) => (
              <Table.Tr key={app.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <AppIcon icon={app.icon} size={36} />
                    <Stack gap={0} miw={0}>
                      <Anchor component={Link} to={studioPaths.app(app.id)} fw={500} fz="sm">
                        <UserText>{app.name}</UserText>
                      </Anchor>
                      {app.description && (
                        <Text fz="xs" c="dimmed" lineClamp={1} dir="auto">
                          {app.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {app.latest_version ? (
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="sm" fw={500}>
                        {versionLabel(app.latest_version)}
                      </Text>
                      <StageBadge stage={app.latest_version.stage} />
                    </Group>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      {t('studio.apps.noVersion')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {app.environments.length > 0 ? (
                    <Group gap={6}>
                      {app.environments.map((environment) => (
                        <EnvironmentBadge key={environment} environment={environment} />
                      ))}
                    </Group>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      {t('studio.apps.notDeployed')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
