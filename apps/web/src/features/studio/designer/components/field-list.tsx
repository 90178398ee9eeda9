import { FIELD_TYPES, type FieldType, type StepDefinition, type WorkflowDefinition } from '@attest/shared';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldAddress, StepAddress } from '../model/tree-edits';
import { fieldKey } from '../model/validation';
import { useDesignerContext } from './designer-context';
import { FieldRow, fieldDragId } from './field-row';

// A step's fields in order, and the palette of every field type (spec 2 §3.1) to add one.
export function FieldList({
  step,
  at,
}: {
  definition: WorkflowDefinition;
  step: StepDefinition;
  at: StepAddress;
}) {
  const { t } = useTranslation();
  const { dispatch, issues, readOnly, select } = useDesignerContext();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => step.fields.map((_, f) => fieldDragId(f)), [step.fields]);
  const palette = useMemo(
    () =>
      FIELD_TYPES.map((type) => ({ value: type, label: t(`studioDesigner.fieldTypes.${type}`) })).sort(
        (a, b) => a.label.localeCompare(b.label),
      ),
    [t],
  );
  const onSelect = useCallback((field: FieldAddress) => select({ kind: 'field', ...field }), [select]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = Number(String(active.id).split(':')[1]);
    const to = Number(String(over.id).split(':')[1]);
    dispatch({
      type: 'command',
      command: { type: 'moveField', from: { ...at, field: from }, to: { ...at, field: to } },
    });
  };
  const add = (type: string | null) => {
    if (!type) return;
    const fieldType = type as FieldType;
    dispatch({
      type: 'command',
      command: { type: 'addField', at, fieldType, label: t(`studioDesigner.fieldTypes.${fieldType}`) },
    });
    select({ kind: 'field', group: at.group, step: at.step, field: step.fields.length });
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t('studioDesigner.fields')}
      </Title>
      {step.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('studioDesigner.noFields')}
        </Text>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={readOnly}>
          <Stack gap={4}>
            {step.fields.map((field, f) => (
              <FieldRow
                // biome-ignore lint/suspicious/noArrayIndexKey: a field is addressed by its place
                key={f}
                field={field}
                group={at.group}
                step={at.step}
                index={f}
                count={step.fields.length}
                issueCount={issues.byElement.get(fieldKey(at.group, at.step, f))?.length ?? 0}
                readOnly={readOnly}
                dispatch={dispatch}
                onSelect={onSelect}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {!readOnly && (
        <Select
          label={t('studioDesigner.addField')}
          placeholder={t('studioDesigner.addFieldPlaceholder')}
          data={palette}
          value={null}
          searchable
          onChange={add}
          data-testid="designer-field-palette"
        />
      )}
    </Stack>
  );
}
