import type { StepGroupDefinition } from '@attest/shared';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { ActionIcon, Badge, Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerAction } from '../model/history';
import { type DesignerIssues, groupKey, stepKey } from '../model/validation';
import { StepCard, stepDragId } from './step-card';

type Props = {
  group: StepGroupDefinition;
  index: number;
  count: number;
  issues: DesignerIssues;
  selectedStep: number | undefined;
  groupSelected: boolean;
  readOnly: boolean;
  dispatch: (action: DesignerAction) => void;
  onSelectGroup: (group: number) => void;
  onSelectStep: (group: number, step: number) => void;
};

export const laneDropId = (group: number) => `lane:${group}`;

// A step group as a swimlane: its header and its steps, which drag within it or into another lane.
export const Swimlane = memo(function Swimlane(props: Props) {
  const { group, index, count, issues, selectedStep, groupSelected, readOnly, dispatch } = props;
  const { t } = useTranslation();
  const drop = useDroppable({ id: laneDropId(index), disabled: readOnly });
  // Ids name places, so they change only when the lane's length does: an edited step leaves the
  // sortable context's items (and every card in the lane) alone.
  const length = group.steps.length;
  const ids = useMemo(() => Array.from({ length }, (_, s) => stepDragId(index, s)), [length, index]);
  const issueCount = issues.countWithin.get(groupKey(index)) ?? 0;
  const command = (action: DesignerAction) => dispatch(action);
  return (
    <Paper
      withBorder
      p="sm"
      ref={drop.setNodeRef}
      bg={drop.isOver ? 'var(--mantine-color-blue-light)' : undefined}
      component="section"
      aria-label={group.name}
      data-testid="designer-lane"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <UnstyledButton onClick={() => props.onSelectGroup(index)} aria-pressed={groupSelected}>
          <Group gap="xs">
            <Text fw={700}>{group.name || t('studioDesigner.unnamed')}</Text>
            {issueCount > 0 && (
              <Badge color="red" size="sm">
                {t('studioDesigner.issueCount', { count: issueCount })}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        {!readOnly && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              aria-label={t('studioDesigner.moveGroupUp', { name: group.name })}
              onClick={() =>
                command({ type: 'command', command: { type: 'moveGroup', from: index, to: index - 1 } })
              }
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              aria-label={t('studioDesigner.moveGroupDown', { name: group.name })}
              onClick={() =>
                command({ type: 'command', command: { type: 'moveGroup', from: index, to: index + 1 } })
              }
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={count === 1}
              aria-label={t('studioDesigner.removeGroup', { name: group.name })}
              onClick={() => command({ type: 'command', command: { type: 'removeGroup', group: index } })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={readOnly}>
        <Group gap="xs" align="stretch">
          {group.steps.map((step, s) => (
            <StepCard
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is addressed by its place; tags may repeat while invalid
              key={s}
              step={step}
              group={index}
              index={s}
              count={group.steps.length}
              issueCount={issues.countWithin.get(stepKey(index, s)) ?? 0}
              selected={selectedStep === s}
              readOnly={readOnly}
              dispatch={dispatch}
              onSelect={props.onSelectStep}
            />
          ))}
          {!readOnly && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                command({
                  type: 'command',
                  command: { type: 'addStep', group: index, name: t('studioDesigner.newStepName') },
                })
              }
            >
              {t('studioDesigner.addStep')}
            </Button>
          )}
        </Group>
      </SortableContext>
    </Paper>
  );
});
