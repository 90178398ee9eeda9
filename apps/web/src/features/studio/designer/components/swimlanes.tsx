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
import { createContext, memo, type RefObject, useCallback, useContext } from 'react';
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

// What the lanes show; it changes with every edit. The lanes read it from context so the
// DndContext above them never renders again on an edit: when it does, every one of 300 sortable
// cards renders with it, which made typing at 3,000 fields lag.
export type SwimlanesData = {
  definition: WorkflowDefinition;
  issues: DesignerIssues;
  selection: Selection;
};
export const SwimlanesDataContext = createContext<SwimlanesData | null>(null);

type Props = {
  definitionRef: RefObject<WorkflowDefinition>;
  readOnly: boolean;
  dispatch: (action: DesignerAction) => void;
  select: (selection: Selection) => void;
};

// Step groups as swimlanes. Pointer and keyboard drags (space to lift, arrows, space to drop) move
// steps; each card's buttons do the same for those who prefer them.
export const Swimlanes = memo(function Swimlanes({ definitionRef, readOnly, dispatch, select }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      const definition = definitionRef.current;
      if (!over) return;
      const from = dropTarget(String(active.id), definition);
      const to = dropTarget(String(over.id), definition);
      if (!from || !to || (from.group === to.group && from.step === to.step)) return;
      const lastInOtherLane = String(over.id).startsWith('lane:') && from.group === to.group;
      const target = lastInOtherLane ? { ...to, step: to.step - 1 } : to;
      dispatch({ type: 'command', command: { type: 'moveStep', from, to: target } });
      select({ kind: 'step', ...target });
    },
    [definitionRef, dispatch, select],
  );
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <LaneList readOnly={readOnly} dispatch={dispatch} select={select} />
    </DndContext>
  );
});

function LaneList({ readOnly, dispatch, select }: Omit<Props, 'definitionRef'>) {
  const { t } = useTranslation();
  const data = useContext(SwimlanesDataContext);
  const onSelectGroup = useCallback((group: number) => select({ kind: 'group', group }), [select]);
  const onSelectStep = useCallback(
    (group: number, step: number) => select({ kind: 'step', group, step }),
    [select],
  );
  if (!data) return null;
  const { definition, issues, selection } = data;
  const selectedGroup = selection.kind === 'process' ? undefined : selection.group;
  return (
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
  );
}
