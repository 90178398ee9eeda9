import { statusDisplayName } from '@attest/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../../components/user-text';
import { studioPaths } from '../../apps/studio-paths';
import { validateDefinition } from '../model/validation';
import { useProcessSource } from '../use-process-source';
import { MissingProcess } from './missing-process';

// The flow map library is large: loaded only when this page shows.
const ProcessFlow = lazy(async () => ({ default: (await import('./process-flow')).ProcessFlow }));

// /studio/apps/:id/:branch/process/:process(/:processSavepointId): one process read-only — its
// statuses, groups, steps and fields — with the way into its designer.
export function ProcessOverviewPage() {
  const { t, i18n } = useTranslation();
  const found = useProcessSource();
  if (found.status === 'loading') return <Loader aria-label={t('studioDesigner.loading')} />;
  if (found.status === 'error') return <Alert color="red">{t('studioDesigner.loadFailed')}</Alert>;
  if (found.status === 'missing')
    return <MissingProcess appId={found.appId} branchName={found.branchName} pkg={found.pkg} />;
  const { definition } = found;
  const designerPath = studioPaths.designer(found.appId, found.branchName, found.processTag);
  const issues = validateDefinition(definition);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={studioPaths.branch(found.appId, found.branchName)} size="sm">
        {t('studioDesigner.backToApp')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            <UserText>{definition.kind.name || definition.kind.tag}</UserText>
          </Title>
          <Badge variant="light" color={issues.count > 0 ? 'red' : 'green'}>
            {issues.count > 0
              ? t('studioDesigner.issueCount', { count: issues.count })
              : t('studioDesigner.valid')}
          </Badge>
        </Group>
        <Button
          component={Link}
          to={found.savepointId ? `${designerPath}/${found.savepointId}` : designerPath}
          leftSection={<IconPencil size={16} aria-hidden />}
        >
          {t('studioDesigner.openDesigner')}
        </Button>
      </Group>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('studioDesigner.statuses')}:
        </Text>
        {definition.statuses.map((status) => (
          <Badge
            key={status.tag}
            color={status.color_code}
            variant={status.tag === definition.initial_status ? 'filled' : 'light'}
          >
            {statusDisplayName(definition, status.tag, i18n.language)}
          </Badge>
        ))}
      </Group>
      <Suspense fallback={<Loader size="sm" />}>
        <ProcessFlow definition={definition} />
      </Suspense>
      {definition.step_groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is addressed by its place
        <Stack key={g} gap="xs" component="section" aria-label={group.name}>
          <Title order={2} size="h4">
            <UserText>{group.name}</UserText>
          </Title>
          {group.steps.map((step, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is addressed by its place
            <Card key={s} withBorder>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>
                  <UserText>{step.name}</UserText>
                </Text>
                <Group gap={4}>
                  {step.assignees?.group_names?.map((name) => (
                    <Badge key={name} variant="outline" size="sm">
                      {name}
                    </Badge>
                  ))}
                  {step.sla_hours !== undefined && (
                    <Badge variant="light" size="sm">
                      {t('studioDesigner.slaBadge', { hours: step.sla_hours })}
                    </Badge>
                  )}
                  {step.on_submit && (
                    <Badge size="sm">
                      {t('studioDesigner.setsStatusBadge', {
                        status: statusDisplayName(definition, step.on_submit.set_status, i18n.language),
                      })}
                    </Badge>
                  )}
                </Group>
              </Group>
              {step.fields.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('studioDesigner.noFields')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={400}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('studioDesigner.label')}</Table.Th>
                        <Table.Th>{t('studioDesigner.fieldType')}</Table.Th>
                        <Table.Th>{t('studioDesigner.required')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {step.fields.map((field, f) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a field is addressed by its place
                        <Table.Tr key={f}>
                          <Table.Td>
                            <UserText>{field.label}</UserText>
                          </Table.Td>
                          <Table.Td>
                            {t(`studioDesigner.fieldTypes.${field.type}`, { defaultValue: field.type })}
                          </Table.Td>
                          <Table.Td>{field.required ? t('studioDesigner.yes') : ''}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Card>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
