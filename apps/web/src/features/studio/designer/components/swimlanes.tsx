import type { WorkflowDefinition } from '@attest/shared';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerAction } from '../model/history';
import type { DesignerIssues } from '../model/validation';
import type { Selection } from './designer-context';
import { Swimlane } from './swimlane';

// 'step:g:s' or 'lane:g' (an empty spot of a lane: the step goes last).
function dropTarget(id: string, definition: WorkflowDefinition): { group: number; step: number } | undefined {
  const [kind, g, s] = id.split(':').map((part, i) => (i === 0 ? part : Number(part))) as [
    string,
    number,
    number?,
  ];
  if (kind === 'step' && s !== undefined) return { group: g, step: s };
  if (kind === 'lane') return { group: g, step: definition.step_groups[g]?.steps.length ?? 0 };
  return undefined;
}

type Props = {
  definition: WorkflowDefinition;
  issues: DesignerIssues;
  selection: Selection;
  readOnly: boolean;
  dispatch: (action: DesignerAction) => void;
  select: (selection: Selection) => void;
};

// Step groups as swimlanes. Pointer and keyboard drags (space to lift, arrows, space to drop) move
// steps; each card's buttons do the same for those who prefer them.
export function Swimlanes({ definition, issues, selection, readOnly, dispatch, select }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onSelectGroup = useCallback((group: number) => select({ kind: 'group', group }), [select]);
  const onSelectStep = useCallback(
    (group: number, step: number) => select({ kind: 'step', group, step }),
    [select],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = dropTarget(String(active.id), definition);
    const to = dropTarget(String(over.id), definition);
    if (!from || !to || (from.group === to.group && from.step === to.step)) return;
    const lastInOtherLane = String(over.id).startsWith('lane:') && from.group === to.group;
    dispatch({
      type: 'command',
      command: { type: 'moveStep', from, to: lastInOtherLane ? { ...to, step: to.step - 1 } : to },
    });
    select({ kind: 'step', group: to.group, step: lastInOtherLane ? to.step - 1 : to.step });
  };
  const selectedGroup = selection.kind === 'process' ? undefined : selection.group;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Stack gap="sm">
        {definition.step_groups.map((group, g) => (
          <Swimlane
            // biome-ignore lint/suspicious/noArrayIndexKey: a group is addressed by its place
            key={g}
            group={group}
            index={g}
            count={definition.step_groups.length}
            issues={issues}
            selectedStep={
              selectedGroup === g && selection.kind !== 'group' && selection.kind !== 'process'
                ? selection.step
                : undefined
            }
            groupSelected={selection.kind === 'group' && selection.group === g}
            readOnly={readOnly}
            dispatch={dispatch}
            onSelectGroup={onSelectGroup}
            onSelectStep={onSelectStep}
          />
        ))}
        {!readOnly && (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              dispatch({
                type: 'command',
                command: {
                  type: 'addGroup',
                  name: t('studioDesigner.newGroupName'),
                  stepName: t('studioDesigner.newStepName'),
                },
              })
            }
          >
            {t('studioDesigner.addGroup')}
          </Button>
        )}
      </Stack>
    </DndContext>
  );
}
