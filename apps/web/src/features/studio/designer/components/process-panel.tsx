import type { WorkflowDefinition } from '@attest/shared';
import { ActionIcon, Button, ColorInput, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { issuesFor, processKey, statusKey } from '../model/validation';
import { useDesignerContext } from './designer-context';
import { IssueMessages } from './issue-messages';
import { LIST_SETTING_PROPERTIES, ListSettings } from './list-settings';

// The process itself: its kind's name, tag and icon, its statuses with their colours and the
// status a new workflow starts in, and the fields its lists show and are sorted by.
export function ProcessPanel({ definition }: { definition: WorkflowDefinition }) {
  const { t } = useTranslation();
  const { dispatch, issues, readOnly } = useDesignerContext();
  const own = issues.byElement.get(processKey);
  const kind = (patch: Partial<WorkflowDefinition['kind']>, key: string) =>
    dispatch({ type: 'command', command: { type: 'setKind', patch }, mergeKey: key });
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('studioDesigner.processSettings')}
      </Title>
      <TextInput
        label={t('studioDesigner.processName')}
        value={definition.kind.name}
        readOnly={readOnly}
        onChange={(e) => kind({ name: e.currentTarget.value }, 'kind-name')}
        error={issuesFor(own, 'kind.name')[0]?.message}
      />
      <TextInput
        dir="ltr"
        label={t('studioDesigner.processTag')}
        description={t('studioDesigner.processTagHelp')}
        value={definition.kind.tag}
        readOnly={readOnly}
        onChange={(e) => kind({ tag: e.currentTarget.value }, 'kind-tag')}
        error={issuesFor(own, 'kind.tag')[0]?.message}
      />
      <TextInput
        label={t('studioDesigner.processIcon')}
        value={definition.kind.icon ?? ''}
        readOnly={readOnly}
        onChange={(e) => kind({ icon: e.currentTarget.value || undefined }, 'kind-icon')}
      />
      <Title order={4} size="h5">
        {t('studioDesigner.statuses')}
      </Title>
      {definition.statuses.map((status, index) => {
        const statusIssues = issues.byElement.get(statusKey(index));
        const set = (patch: Record<string, string | undefined>, key: string) =>
          dispatch({
            type: 'command',
            command: { type: 'setStatus', index, patch },
            mergeKey: `status-${index}-${key}`,
          });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a status is addressed by its place
          <Stack key={index} gap={4} data-testid="designer-status">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={t('studioDesigner.statusName')}
                value={status.display_name}
                readOnly={readOnly}
                onChange={(e) => set({ display_name: e.currentTarget.value }, 'name')}
                style={{ flex: 2 }}
              />
              <TextInput
                dir="ltr"
                label={t('studioDesigner.tag')}
                value={status.tag}
                readOnly={readOnly}
                onChange={(e) => set({ tag: e.currentTarget.value }, 'tag')}
                style={{ flex: 1.2 }}
              />
              <ColorInput
                dir="ltr"
                eyeDropperButtonProps={{ 'aria-label': t('studioDesigner.pickColour') }}
                label={t('studioDesigner.statusColor')}
                value={status.color_code}
                readOnly={readOnly}
                format="hex"
                onChange={(value) => set({ color_code: value }, 'color')}
                style={{ flex: 1.4, minWidth: '8.5rem' }}
              />
              {!readOnly && (
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    disabled={index === 0}
                    aria-label={t('studioDesigner.moveUp', { name: status.display_name })}
                    onClick={() =>
                      dispatch({
                        type: 'command',
                        command: { type: 'moveStatus', from: index, to: index - 1 },
                      })
                    }
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={index === definition.statuses.length - 1}
                    aria-label={t('studioDesigner.moveDown', { name: status.display_name })}
                    onClick={() =>
                      dispatch({
                        type: 'command',
                        command: { type: 'moveStatus', from: index, to: index + 1 },
                      })
                    }
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={definition.statuses.length === 1}
                    aria-label={t('studioDesigner.remove', { name: status.display_name })}
                    onClick={() => dispatch({ type: 'command', command: { type: 'removeStatus', index } })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <IssueMessages issues={statusIssues ?? []} />
          </Stack>
        );
      })}
      {!readOnly && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() =>
            dispatch({
              type: 'command',
              command: { type: 'addStatus', name: t('studioDesigner.newStatusName') },
            })
          }
        >
          {t('studioDesigner.addStatus')}
        </Button>
      )}
      <Select
        label={t('studioDesigner.initialStatus')}
        data={definition.statuses.map((s) => ({ value: s.tag, label: s.display_name || s.tag }))}
        value={definition.initial_status}
        readOnly={readOnly}
        allowDeselect={false}
        onChange={(value) =>
          value && dispatch({ type: 'command', command: { type: 'setInitialStatus', status: value } })
        }
        error={issuesFor(own, 'initial_status')[0]?.message}
      />
      <ListSettings definition={definition} issues={own} />
      <IssueMessages
        issues={(own ?? []).filter(
          (i) =>
            !i.property.startsWith('kind') &&
            i.property !== 'initial_status' &&
            !LIST_SETTING_PROPERTIES.some((p) => issuesFor([i], p).length > 0),
        )}
      />
    </Stack>
  );
}
