import type { StudioAppDetail, StudioVersion } from '@attest/shared';
import { Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useStudioApp } from '../api/apps';
import { isStudioStage, recordPath } from './records-page';
import { StageBadge } from './stage-badge';
import { StudioNotFound, useIdParam } from './studio-not-found';

// The version just before this one, to compare it with.
function previousVersion(detail: StudioAppDetail, version: StudioVersion): StudioVersion | undefined {
  return detail.versions
    .filter((v) => v.major < version.major || (v.major === version.major && v.minor < version.minor))
    .sort((a, b) => b.major - a.major || b.minor - a.minor)[0];
}

// /studio/records/:stage/:id?app=: one version at its stage. The list links here with the app's id;
// a version that has moved on to another stage is shown at the stage it is at now.
export function StudioRecordDetailPage() {
  const { stage, id } = useParams();
  const [params] = useSearchParams();
  const versionId = useIdParam(id);
  const appId = useIdParam(params.get('app') ?? undefined);
  if (!isStudioStage(stage) || versionId === null || appId === null) return <StudioNotFound />;
  return <RecordDetail stage={stage} versionId={versionId} appId={appId} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function RecordDetail({ stage, versionId, appId }: { stage: string; versionId: number; appId: number }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const app = useStudioApp(appId);
  if (app.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('studioPages.loading')} />
      </Group>
    );
  if (app.isError) return <StudioNotFound error={app.error} />;
  const detail = app.data;
  const version = detail.versions.find((v) => v.id === versionId);
  if (!version) return <StudioNotFound />;
  if (version.stage !== stage) return <Navigate to={recordPath(version.stage, version.id, appId)} replace />;
  const savepoint = detail.savepoints.find((s) => s.id === version.savepoint_id);
  const deployments = detail.deployments.filter((d) => d.version_id === version.id);
  const previous = previousVersion(detail, version);
  const number = `${version.major}.${version.minor}`;

  return (
    <Stack gap="lg" maw={1000} mx="auto" w="100%">
      <Stack gap={4}>
        <Anchor component={Link} to={`/studio/records/${stage}`} fz="sm" w="fit-content">
          {t('studioPages.records.backToStage', { stage: t(`studioPages.stages.${stage}`) })}
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz="h2">
            <bdi>{detail.app.name}</bdi> {t('studioPages.records.versionNumber', { version: number })}
          </Title>
          <StageBadge stage={version.stage} />
        </Group>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Fact label={t('studioPages.records.created')}>
            <Text fz="sm">{dates.dateTime(version.created_at)}</Text>
          </Fact>
          <Fact label={t('studioPages.records.savepoint')}>
            <Text fz="sm" dir="auto">
              {savepoint?.message ?? t('studioPages.records.savepointNumber', { id: version.savepoint_id })}
            </Text>
          </Fact>
          <Fact label={t('studioPages.records.state')}>
            <Text fz="sm">
              {version.is_locked
                ? t('studioPages.records.locked')
                : version.is_frozen
                  ? t('studioPages.records.frozen')
                  : t('studioPages.records.editable')}
            </Text>
          </Fact>
          <Fact label={t('studioPages.records.review')}>
            <Text fz="sm">
              {version.review
                ? t(`studioPages.decisions.${version.review.decision}`)
                : t('studioPages.records.noReview')}
            </Text>
            {version.review?.comment ? (
              <Text fz="sm" c="dimmed" dir="auto">
                {version.review.comment}
              </Text>
            ) : null}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="h4" mb="sm">
          {t('studioPages.records.deployments')}
        </Title>
        {deployments.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('studioPages.records.noDeployments')}
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('studioPages.records.environment')}</Table.Th>
                <Table.Th>{t('studioPages.records.deployedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deployments.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{t(`studioPages.environments.${d.environment}`)}</Table.Td>
                  <Table.Td>{dates.dateTime(d.deployed_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Group gap="sm">
        <Button component={Link} to={`/studio/apps/${appId}/`} variant="default">
          {t('studioPages.records.openApp')}
        </Button>
        {previous ? (
          <Button
            component={Link}
            to={`/studio/apps/${appId}/diff?from=version:${previous.id}&to=version:${version.id}`}
            leftSection={<IconArrowsDiff size={16} aria-hidden />}
            variant="light"
          >
            {t('studioPages.records.compareWith', { version: `${previous.major}.${previous.minor}` })}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
