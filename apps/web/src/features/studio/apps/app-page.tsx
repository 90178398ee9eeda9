import type { StudioAppDetail, StudioBranchSummary, StudioWorkingCopy } from '@attest/shared';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { IconArchive, IconArrowLeft, IconArrowRight, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useStudioAppSettings } from '../api/app-settings';
import { useStudioApp } from '../api/apps';
import { useStudioBranch, useStudioSavepoint } from '../api/branches';
import { ObjectsTab } from '../objects/objects-tab';
import { AppIcon } from './app-icon';
import { BranchPicker } from './branch-picker';
import { BranchesTab } from './branches-tab';
import { DeploymentsTab } from './deployments-tab';
import { ProcessesTab } from './processes-tab';
import { SavepointsTab } from './savepoints-tab';
import { branchNamed, studioPaths } from './studio-paths';
import { VersionsTab } from './versions-tab';

export const APP_TABS = [
  'processes',
  'objects',
  'branches',
  'savepoints',
  'versions',
  'deployments',
] as const;
export type AppTab = (typeof APP_TABS)[number];

export type AppPageProps = {
  appId: number;
  // The branch named in the address; undefined: main.
  branchName?: string;
  // A savepoint of that branch, shown read-only.
  savepointId?: number;
};

// Spec 2 §2.4 /studio/apps/{id}[/{branch}[/{savepoint}]]: one app, seen from a branch (main by
// default) or, read-only, from one of its savepoints. The tab is in the address (?tab=).
export function AppPage({ appId, branchName, savepointId }: AppPageProps) {
  const { t } = useTranslation();
  const app = useStudioApp(appId);

  if (app.isPending) return <Loader aria-label={t('studio.loading')} />;
  if (app.isError) {
    return (
      <Alert color="red" role="alert" title={t('studio.app.notFound')}>
        <Anchor component={Link} to={studioPaths.apps()}>
          {t('studio.app.backToApps')}
        </Anchor>
      </Alert>
    );
  }
  const branch = branchNamed(app.data.branches, branchName);
  if (!branch) {
    return (
      <Alert color="red" role="alert" title={t('studio.app.branchNotFound')}>
        <Anchor component={Link} to={studioPaths.app(appId)}>
          {t('studio.app.toMain')}
        </Anchor>
      </Alert>
    );
  }
  return <AppView detail={app.data} branch={branch} savepointId={savepointId ?? null} />;
}

type AppViewProps = { detail: StudioAppDetail; branch: StudioBranchSummary; savepointId: number | null };

function AppView({ detail, branch, savepointId }: AppViewProps) {
  const { t } = useTranslation();
  const appId = detail.app.id;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: AppTab = APP_TABS.includes(tabParam as AppTab) ? (tabParam as AppTab) : 'processes';
  const readOnly = savepointId !== null;
  const working = useStudioBranch(appId, readOnly ? null : branch.id);
  const snapshot = useStudioSavepoint(appId, savepointId);
  const pkg: StudioWorkingCopy | undefined = readOnly ? snapshot.data?.package : working.data?.package;
  const savepoint = readOnly ? detail.savepoints.find((s) => s.id === savepointId) : undefined;
  const Back = useDirection().dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  // Changes are offered only to the app's editors (its editor list, or everyone without one), and
  // none while it is archived; the server refuses them too.
  const settings = useStudioAppSettings(appId);
  const archived = detail.app.archived_at !== null;
  const canEdit = settings.data?.can_edit === true && !archived;

  const setTab = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value && value !== 'processes') next.set('tab', value);
      else next.delete('tab');
      return next;
    });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={studioPaths.apps()} fz="sm">
        <Group gap={4} component="span">
          <Back size={14} aria-hidden />
          {t('studio.app.backToApps')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <AppIcon icon={detail.app.icon} size={48} />
          <Stack gap={2} miw={0}>
            <Title order={1} fz="h2">
              <UserText>{detail.app.name}</UserText>
            </Title>
            {detail.app.description && (
              <Text c="dimmed" fz="sm" dir="auto" lineClamp={2}>
                {detail.app.description}
              </Text>
            )}
          </Stack>
        </Group>
        <BranchPicker appId={appId} branches={detail.branches} current={branch} />
      </Group>
      {archived && (
        <Alert color="gray" icon={<IconArchive size={18} />} title={t('studio.app.archivedTitle')}>
          <Text fz="sm">{t('studio.app.archivedText')}</Text>
        </Alert>
      )}
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={18} />} title={t('studio.app.readOnlyTitle')}>
          {savepoint ? (
            <Text fz="sm">
              {t('studio.app.readOnlyText', { message: savepoint.message })}{' '}
              <Anchor component={Link} to={studioPaths.branch(appId, branch.name)}>
                {t('studio.app.toBranch', { branch: branch.name })}
              </Anchor>
            </Text>
          ) : (
            <Text fz="sm">{t('studio.app.savepointNotFound')}</Text>
          )}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            {APP_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`studio.tabs.${value}`)}
                {value === 'branches' && (
                  <Badge ms={6} size="sm" variant="light">
                    {detail.branches.length}
                  </Badge>
                )}
                {value === 'versions' && (
                  <Badge ms={6} size="sm" variant="light">
                    {detail.versions.length}
                  </Badge>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="processes">
            <ProcessesTab
              appId={appId}
              branch={branch}
              pkg={pkg}
              loading={readOnly ? snapshot.isPending : working.isPending}
              readOnly={readOnly || !canEdit}
            />
          </Tabs.Panel>
          <Tabs.Panel value="objects">
            <ObjectsTab
              appId={appId}
              branch={branch}
              pkg={pkg}
              loading={readOnly ? snapshot.isPending : working.isPending}
              readOnly={readOnly || !canEdit}
            />
          </Tabs.Panel>
          <Tabs.Panel value="branches">
            <BranchesTab detail={detail} current={branch} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="savepoints">
            <SavepointsTab detail={detail} branch={branch} readOnly={readOnly} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="versions">
            <VersionsTab detail={detail} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="deployments">
            <DeploymentsTab detail={detail} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
