import type { WorkflowDetail } from '@attest/shared';
import { Anchor, Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconHierarchy2, IconHistory, IconMap2, IconStairs } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { UserText } from '../../../components/user-text';
import { processPaths } from '../utils/process-paths';
import { StatusBadge } from './status-badge';

export type ProcessHeaderProps = {
  detail: WorkflowDetail;
  onOpenActivity: () => void;
  // The archive button (with its confirm modal) when the user may archive.
  archiveAction?: ReactNode;
  // The workflow's comments button (issue 6), on the process page.
  commentsAction?: ReactNode;
  // Issue 19: the badges the workflow holds, beside its status.
  badges?: ReactNode;
  // Which view is shown, so its own link is left out.
  view: 'page' | 'map' | 'wizard';
};

// The workflow at a glance: family, name, kind, status, place and progress, and what one can do.
export function ProcessHeader({
  detail,
  onOpenActivity,
  archiveAction,
  commentsAction,
  badges,
  view,
}: ProcessHeaderProps) {
  const { t } = useTranslation();
  const place = [detail.region.name, detail.business_unit?.name].filter(Boolean).join(' · ');
  return (
    <Stack gap="xs">
      {detail.parent && (
        <Breadcrumb
          items={[
            { label: detail.parent.name, href: processPaths.page(detail.parent.id), userText: true },
            { label: detail.name, userText: true },
          ]}
        />
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 320px' }}>
          <Group gap="sm" wrap="wrap" align="center">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }} dir="auto">
              {detail.name}
            </Title>
            <StatusBadge status={detail.status} />
            {badges}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="gray" radius="sm">
              <UserText>{detail.kind.name}</UserText>
            </Badge>
            <Text fz="sm" c="dimmed">
              <UserText>{place}</UserText>
            </Text>
            <Text fz="sm" c="dimmed">
              #{detail.id}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {view !== 'page' && (
            <Button component={Link} to={processPaths.page(detail.id)} variant="default" size="sm">
              {t('process.header.backToProcess')}
            </Button>
          )}
          {view !== 'wizard' && (
            <Button
              component={Link}
              to={processPaths.wizard(detail.id)}
              variant="default"
              size="sm"
              leftSection={<IconStairs size={16} />}
            >
              {t('process.header.wizard')}
            </Button>
          )}
          {view !== 'map' && detail.abilities.can_view_progress_map && (
            <Button
              component={Link}
              to={processPaths.map(detail.id)}
              variant="default"
              size="sm"
              leftSection={<IconMap2 size={16} />}
            >
              {t('process.header.map')}
            </Button>
          )}
          {commentsAction}
          {detail.abilities.can_view_activity_log && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconHistory size={16} />}
              onClick={onOpenActivity}
            >
              {t('process.header.activity')}
            </Button>
          )}
          {archiveAction}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap" maw={520}>
        <Progress
          value={detail.progress}
          size="md"
          radius="xl"
          style={{ flex: 1 }}
          color={detail.progress === 100 ? 'teal' : 'blue'}
          aria-label={t('process.header.progress')}
        />
        <Text fz="sm" fw={600} style={{ flexShrink: 0 }}>
          {t('process.header.progressValue', { value: detail.progress })}
        </Text>
      </Group>
      {detail.children.length > 0 && (
        <Group gap="xs" wrap="wrap" align="center">
          <IconHierarchy2 size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fz="sm" c="dimmed">
            {t('process.header.children', { count: detail.children.length })}
          </Text>
          {detail.children.map((child) => (
            <Anchor key={child.id} component={Link} to={processPaths.page(child.id)} fz="sm">
              <Group gap={4} wrap="nowrap">
                <UserText>{child.name}</UserText>
                <Text span fz="xs" c="dimmed">
                  <UserText>{child.kind_name}</UserText>
                </Text>
                <Badge size="xs" color={child.status.color_code} variant="light" tt="none">
                  <UserText>{child.status.display_name}</UserText>
                </Badge>
              </Group>
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
