import { Alert, Anchor, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useStudioApp } from '../api/apps';
import { useStudioDiff } from '../api/diff';
import { StudioNotFound, useIdParam } from '../records/studio-not-found';
import { CountBadges, DiffChanges } from './diff-changes';
import { sideOptions, validSide } from './diff-sides';
import { countChanges } from './group-changes';

// /studio/apps/:id/diff?from=savepoint:N|version:N&to=...: two sides picked from the app's versions
// and savepoints, compared item by item (docs/studio.md, GET .../diff/).
export function StudioDiffPage() {
  const appId = useIdParam(useParams().id);
  if (appId === null) return <StudioNotFound />;
  return <DiffPage appId={appId} />;
}

function DiffPage({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [params, setParams] = useSearchParams();
  const from = validSide(params.get('from'));
  const to = validSide(params.get('to'));
  const app = useStudioApp(appId);
  const diff = useStudioDiff(appId, from, to);

  if (app.isError) return <StudioNotFound error={app.error} />;

  const groups = app.data
    ? sideOptions(app.data, (stage) => t(`studioPages.stages.${stage}`), dates.dateTime)
    : { versions: [], savepoints: [] };
  const data = [
    { group: t('studioPages.diff.versions'), items: groups.versions },
    { group: t('studioPages.diff.savepoints'), items: groups.savepoints },
  ].filter((g) => g.items.length > 0);

  const pick = (name: 'from' | 'to') => (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const changes = diff.data?.changes ?? [];
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Anchor component={Link} to={`/studio/apps/${appId}/`} fz="sm" w="fit-content">
          {app.data ? app.data.app.name : t('studioPages.backToApp')}
        </Anchor>
        <Group gap="sm">
          <IconArrowsDiff size={26} aria-hidden />
          <Title order={1} fz="h2">
            {t('studioPages.diff.title')}
          </Title>
        </Group>
        <Text c="dimmed" fz="sm">
          {t('studioPages.diff.description')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Group grow align="flex-end" wrap="wrap">
          <Select
            label={t('studioPages.diff.from')}
            placeholder={t('studioPages.diff.pickSide')}
            data={data}
            value={from}
            onChange={pick('from')}
            searchable
            clearable
            nothingFoundMessage={t('studioPages.diff.noSides')}
            disabled={app.isPending}
            miw={240}
          />
          <Select
            label={t('studioPages.diff.to')}
            placeholder={t('studioPages.diff.pickSide')}
            data={data}
            value={to}
            onChange={pick('to')}
            searchable
            clearable
            nothingFoundMessage={t('studioPages.diff.noSides')}
            disabled={app.isPending}
            miw={240}
          />
        </Group>
      </Paper>
      {from === null || to === null ? (
        <Text c="dimmed">{t('studioPages.diff.pickBoth')}</Text>
      ) : diff.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('studioPages.loading')} />
        </Group>
      ) : diff.isError ? (
        <Alert color="red" role="alert" title={t('studioPages.diff.failed')}>
          {diff.error.message}
        </Alert>
      ) : changes.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" fw={600}>
            {t('studioPages.diff.noDifferences')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" aria-live="polite">
            <Text fw={600}>{t('studioPages.diff.summary', { count: changes.length })}</Text>
            <CountBadges counts={countChanges(changes)} />
          </Group>
          <DiffChanges changes={changes} />
        </Stack>
      )}
    </Stack>
  );
}
