import type { StudioAppDetail, StudioDeployment, TestEnvironment } from '@attest/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { usePurgeTestWorkflows, useTestWorkflows } from '../api/test-workflows';
import { EnvironmentBadge, versionLabel } from '../apps/studio-badges';
import { studioErrorText } from '../apps/studio-error-text';
import { StartTestWorkflowDialog } from './start-test-workflow-dialog';
import { TestWorkflowsList } from './test-workflows-list';

export type EnvironmentTestPanelProps = {
  detail: StudioAppDetail;
  environment: TestEnvironment;
  deployment: StudioDeployment | null;
};

// One test environment: what runs there, a start button per process it published, and its test
// workflows (every app's, as the server lists and purges them per environment).
export function EnvironmentTestPanel({ detail, environment, deployment }: EnvironmentTestPanelProps) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState<string | null>(null);
  const purge = usePurgeTestWorkflows(environment);
  // The list's first page (shared with it through the cache): nothing to purge when it is empty.
  const firstPage = useTestWorkflows(environment, 0);
  const envName = t(`studio.environments.${environment}`);
  const version = deployment ? detail.versions.find((v) => v.id === deployment.version_id) : undefined;

  // Purging deletes every test workflow of the environment for good, so it is confirmed.
  const confirmPurge = () =>
    modals.openConfirmModal({
      title: t('studioMoves.environments.purgeTitle', { environment: envName }),
      children: <Text fz="sm">{t('studioMoves.environments.purgeText', { environment: envName })}</Text>,
      labels: { confirm: t('studioMoves.environments.purge'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('studioMoves.close') },
      onConfirm: () =>
        purge.mutate(undefined, {
          onSuccess: ({ purged }) =>
            toast.success('studioMoves.environments.purged', {
              values: { count: purged, environment: envName },
            }),
          onError: (error) =>
            toast.error('studioMoves.environments.purgeFailed', {
              values: { message: studioErrorText(error, t) ?? '' },
            }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid={`studio-test-env-${environment}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <EnvironmentBadge environment={environment} />
            <Text fz="sm" fw={600}>
              {deployment
                ? t('studioMoves.environments.runs', {
                    version: version ? versionLabel(version) : `#${deployment.version_id}`,
                  })
                : t('studioMoves.environments.nothingDeployed')}
            </Text>
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={confirmPurge}
            loading={purge.isPending}
            disabled={firstPage.data?.count === 0}
          >
            {t('studioMoves.environments.purge')}
          </Button>
        </Group>
        {deployment && deployment.published.length > 0 && (
          <Group gap="xs">
            {deployment.published.map((process) => (
              <Button
                key={process.kind_tag}
                size="xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} aria-hidden />}
                onClick={() => setStarting(process.kind_tag)}
              >
                {t('studioMoves.environments.start')}{' '}
                <Text span ff="monospace" fz="xs" ms={4}>
                  {process.kind_tag}
                </Text>
              </Button>
            ))}
          </Group>
        )}
        <TestWorkflowsList environment={environment} />
      </Stack>
      {starting && (
        <StartTestWorkflowDialog
          appId={detail.app.id}
          environment={environment}
          process={starting}
          onClose={() => setStarting(null)}
        />
      )}
    </Paper>
  );
}
