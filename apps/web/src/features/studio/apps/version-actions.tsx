import type { StudioEnvironment, StudioVersion } from '@attest/shared';
import { Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { track } from '../../../lib/analytics/track';
import { toast } from '../../../lib/notifications/toast';
import { usePermissions } from '../../auth';
import { deployableEnvironments, useDeployStudioVersion } from '../api/deployments';
import { useChangeStudioStage } from '../api/versions';
import { versionLabel } from './studio-badges';
import { studioErrorText } from './studio-error-text';
import { canDeploy, canReview, isApproved, nextStageAction } from './version-stage';

export type VersionActionsProps = { appId: number; version: StudioVersion; onReview: () => void };

// What may be done with a version now: its one next stage move, a review at rft, and deploying to
// the environments the person may deploy to (Production only once approved, with the reason shown).
export function VersionActions({ appId, version, onReview }: VersionActionsProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const stage = useChangeStudioStage(appId);
  const deploy = useDeployStudioVersion(appId);
  const next = nextStageAction(version.stage);
  const environments = deployableEnvironments(can);
  const label = isolate(versionLabel(version));
  const failed = (error: Error) =>
    toast.error('studio.versions.actionFailed', { message: studioErrorText(error, t) ?? undefined });

  // Archiving is for good (an archived version is never deployed again), so it is confirmed.
  const confirmThen = (title: string, text: string, confirm: string, run: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text fz="sm">{text}</Text>,
      labels: { confirm, cancel: t('common.cancel') },
      onConfirm: run,
    });

  const moveStage = () => {
    if (!next) return;
    if (next === 'ARCHIVE') {
      confirmThen(
        t('studio.versions.archiveTitle', { version: label }),
        t('studio.versions.archiveText'),
        t('studio.versions.moveTo.ARCHIVE'),
        sendStage,
      );
    } else sendStage();
  };
  const sendStage = () => {
    if (!next) return;
    stage.mutate(
      { versionId: version.id, stage: next },
      {
        onSuccess: () => toast.success(`studio.versions.movedTo.${next}`, { values: { version: label } }),
        onError: failed,
      },
    );
  };
  // Production is what every user's new workflows start on, so deploying there is confirmed.
  const deployTo = (environment: StudioEnvironment) =>
    environment === 'PRODUCTION'
      ? confirmThen(
          t('studio.versions.productionTitle', { version: label }),
          t('studio.versions.productionText'),
          t('studio.versions.deploy'),
          () => sendDeploy(environment),
        )
      : sendDeploy(environment);
  const sendDeploy = (environment: StudioEnvironment) =>
    deploy.mutate(
      { versionId: version.id, environment },
      {
        onSuccess: () => {
          // Spec 2 §9.4 (studio: deploy), by environment.
          track('studio.deploy', { section: environment.toLowerCase() });
          toast.success('studio.versions.deployed', {
            values: { version: label, environment: t(`studio.environments.${environment}`) },
          });
        },
        onError: failed,
      },
    );

  return (
    <Group gap="xs" wrap="nowrap">
      {next && (
        <Button size="xs" variant="light" onClick={moveStage} loading={stage.isPending}>
          {t(`studio.versions.moveTo.${next}`)}
        </Button>
      )}
      {canReview(version) && (
        <Button size="xs" variant="light" color="grape" onClick={onReview}>
          {t('studio.versions.reviewAction')}
        </Button>
      )}
      {canDeploy(version) && environments.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="light"
              color="teal"
              leftSection={<IconRocket size={14} />}
              rightSection={<IconChevronDown size={14} />}
              loading={deploy.isPending}
            >
              {t('studio.versions.deploy')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('studio.versions.deployTo')}</Menu.Label>
            {environments.map((environment) => {
              const blocked = environment === 'PRODUCTION' && !isApproved(version);
              return (
                <Menu.Item key={environment} disabled={blocked} onClick={() => deployTo(environment)}>
                  <Text fz="sm">{t(`studio.environments.${environment}`)}</Text>
                  {blocked && (
                    <Text fz="xs" c="dimmed">
                      {t('studio.versions.productionNeedsApproval')}
                    </Text>
                  )}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
