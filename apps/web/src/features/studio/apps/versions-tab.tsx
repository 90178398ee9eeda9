import type { StudioAppDetail, StudioVersion } from '@attest/shared';
import { Anchor, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { runningDeployments } from '../api/deployments';
import { MoveWorkflowsButton } from '../moves/move-workflows-button';
import { ReviewDialog } from './review-dialog';
import { EnvironmentBadge, StageBadge, versionLabel } from './studio-badges';
import { studioPaths } from './studio-paths';
import { VersionActions } from './version-actions';

export type VersionsTabProps = { detail: StudioAppDetail; canEdit: boolean };

// The app's versions, newest first: stage, latest review, where each runs, and what may be done next.
export function VersionsTab({ detail, canEdit }: VersionsTabProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const appId = detail.app.id;
  const [reviewing, setReviewing] = useState<StudioVersion | null>(null);
  const running = [...runningDeployments(detail.deployments).values()];

  if (detail.versions.length === 0) {
    return (
      <Text c="dimmed" fz="sm" ta="center" py="lg">
        {t('studio.versions.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" data-testid="studio-versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('studio.versions.version')}</Table.Th>
              <Table.Th>{t('studio.versions.stage')}</Table.Th>
              <Table.Th>{t('studio.versions.review')}</Table.Th>
              <Table.Th>{t('studio.versions.runningIn')}</Table.Th>
              <Table.Th>{t('studio.versions.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.versions.map((version, index) => {
              const previous = detail.versions[index + 1];
              const environments = running
                .filter((d) => d.version_id === version.id)
                .map((d) => d.environment);
              return (
                <Table.Tr key={version.id} data-testid={`studio-version-${versionLabel(version)}`}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {versionLabel(version)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {dates.date(version.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StageBadge stage={version.stage} />
                  </Table.Td>
                  <Table.Td>
                    {version.review ? (
                      <Tooltip
                        label={version.review.comment}
                        disabled={!version.review.comment}
                        multiline
                        w={280}
                      >
                        <Text fz="sm" c={version.review.decision === 'approved' ? 'teal' : 'orange'}>
                          {t(`studio.reviews.${version.review.decision}`)}
                        </Text>
                      </Tooltip>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        {t('studio.reviews.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {environments.length === 0 ? (
                        <Text fz="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        environments.map((environment) => (
                          <EnvironmentBadge key={environment} environment={environment} />
                        ))
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {canEdit && (
                        <VersionActions
                          appId={appId}
                          version={version}
                          onReview={() => setReviewing(version)}
                        />
                      )}
                      {canEdit && <MoveWorkflowsButton detail={detail} version={version} />}
                      {previous && (
                        <Anchor
                          component={Link}
                          to={studioPaths.diff(appId, `version:${previous.id}`, `version:${version.id}`)}
                          fz="xs"
                        >
                          {t('studio.versions.compare', { version: versionLabel(previous) })}
                        </Anchor>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {reviewing && <ReviewDialog appId={appId} version={reviewing} onClose={() => setReviewing(null)} />}
    </Stack>
  );
}
