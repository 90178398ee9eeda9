import {
  type FieldDefinition,
  type FieldType,
  joinTag,
  type StepDefinition,
  type StepGroupDefinition,
  type WorkflowDefinition,
  type WorkflowStatus,
} from '@attest/shared';
import { changeFieldType, newField } from './field-defaults';
import { retagPrefix } from './retag';
import {
  type FieldAddress,
  freeSegment,
  insertAt,
  lastSegment,
  moveWithin,
  patchObject,
  removeAt,
  replaceAt,
  type StepAddress,
  segmentOf,
  updateField,
  updateGroup,
  updateStep,
} from './tree-edits';

type StepPatch = Partial<Omit<StepDefinition, 'tag' | 'fields'>>;
type FieldPatch = Partial<Omit<FieldDefinition, 'tag' | 'type'>>;

// Everything the designer can do to a definition. Indexes address items: a command is applied to
// the definition it was made for, and history keeps whole definitions, not inverse commands.
export type DesignerCommand =
  | { type: 'setKind'; patch: Partial<WorkflowDefinition['kind']> }
  | { type: 'setInitialStatus'; status: string }
  | { type: 'setListSettings'; patch: Partial<Pick<WorkflowDefinition, 'list_columns' | 'sorting_field'>> }
  | { type: 'addStatus'; name: string }
  | { type: 'setStatus'; index: number; patch: Partial<WorkflowStatus> }
  | { type: 'removeStatus'; index: number }
  | { type: 'moveStatus'; from: number; to: number }
  | { type: 'addGroup'; name: string; stepName: string }
  | { type: 'setGroupName'; group: number; name: string }
  | { type: 'setGroupTag'; group: number; segment: string }
  | { type: 'removeGroup'; group: number }
  | { type: 'moveGroup'; from: number; to: number }
  | { type: 'addStep'; group: number; name: string }
  | { type: 'setStep'; at: StepAddress; patch: StepPatch }
  | { type: 'setStepTag'; at: StepAddress; segment: string }
  | { type: 'removeStep'; at: StepAddress }
  | { type: 'moveStep'; from: StepAddress; to: StepAddress }
  | { type: 'addField'; at: StepAddress; fieldType: FieldType; label: string; index?: number }
  | { type: 'setField'; at: FieldAddress; patch: FieldPatch }
  | { type: 'setFieldType'; at: FieldAddress; fieldType: FieldType }
  | { type: 'setFieldTag'; at: FieldAddress; segment: string }
  | { type: 'removeField'; at: FieldAddress }
  | { type: 'moveField'; from: FieldAddress; to: FieldAddress };

const segmentsOf = (items: readonly { tag: string }[]) => new Set(items.map((item) => lastSegment(item.tag)));

function newStep(group: StepGroupDefinition, name: string): StepDefinition {
  const segment = freeSegment(segmentOf(name, 'step'), segmentsOf(group.steps));
  return { tag: joinTag(group.tag, segment), name, fields: [] };
}

function addGroup(definition: WorkflowDefinition, name: string, stepName: string): WorkflowDefinition {
  const segment = freeSegment(segmentOf(name, 'group'), segmentsOf(definition.step_groups));
  const group: StepGroupDefinition = { tag: joinTag(definition.kind.tag, segment), name, steps: [] };
  group.steps = [newStep(group, stepName)];
  return { ...definition, step_groups: [...definition.step_groups, group] };
}

function addStatus(definition: WorkflowDefinition, name: string): WorkflowDefinition {
  const tag = freeSegment(segmentOf(name, 'status'), new Set(definition.statuses.map((s) => s.tag)));
  const status: WorkflowStatus = { tag, display_name: name, color_code: '#868e96' };
  return { ...definition, statuses: [...definition.statuses, status] };
}

// A renamed status tag follows into the initial status and every step that sets it.
function setStatus(definition: WorkflowDefinition, index: number, patch: Partial<WorkflowStatus>) {
  const current = definition.statuses[index];
  if (!current) return definition;
  const next = {
    ...definition,
    statuses: replaceAt(definition.statuses, index, patchObject(current, patch)),
  };
  const to = patch.tag;
  if (to === undefined || to === current.tag) return next;
  if (next.initial_status === current.tag) next.initial_status = to;
  next.step_groups = next.step_groups.map((g) =>
    g.steps.some((s) => s.on_submit?.set_status === current.tag)
      ? {
          ...g,
          steps: g.steps.map((s) =>
            s.on_submit?.set_status === current.tag ? { ...s, on_submit: { set_status: to } } : s,
          ),
        }
      : g,
  );
  return next;
}

function moveStep(definition: WorkflowDefinition, from: StepAddress, to: StepAddress): WorkflowDefinition {
  const step = definition.step_groups[from.group]?.steps[from.step];
  const target = definition.step_groups[to.group];
  if (!step || !target) return definition;
  if (from.group === to.group) {
    return updateGroup(definition, from.group, (g) => ({
      ...g,
      steps: moveWithin(g.steps, from.step, to.step),
    }));
  }
  // Into another group: the step's tag (and its fields' tags) take the new group's prefix.
  const segment = freeSegment(lastSegment(step.tag), segmentsOf(target.steps));
  const moved = retagPrefix(definition, step.tag, joinTag(target.tag, segment));
  const movedStep = moved.step_groups[from.group]?.steps[from.step] as StepDefinition;
  const without = updateGroup(moved, from.group, (g) => ({ ...g, steps: removeAt(g.steps, from.step) }));
  return updateGroup(without, to.group, (g) => ({ ...g, steps: insertAt(g.steps, to.step, movedStep) }));
}

function moveField(definition: WorkflowDefinition, from: FieldAddress, to: FieldAddress): WorkflowDefinition {
  const fromStep = definition.step_groups[from.group]?.steps[from.step];
  const field = fromStep?.fields[from.field];
  const target = definition.step_groups[to.group]?.steps[to.step];
  if (!field || !target) return definition;
  if (from.group === to.group && from.step === to.step) {
    return updateStep(definition, from, (s) => ({
      ...s,
      fields: moveWithin(s.fields, from.field, to.field),
    }));
  }
  const segment = freeSegment(lastSegment(field.tag), segmentsOf(target.fields));
  const moved = retagPrefix(definition, field.tag, joinTag(target.tag, segment));
  const movedField = moved.step_groups[from.group]?.steps[from.step]?.fields[from.field] as FieldDefinition;
  const without = updateStep(moved, from, (s) => ({ ...s, fields: removeAt(s.fields, from.field) }));
  return updateStep(without, to, (s) => ({ ...s, fields: insertAt(s.fields, to.field, movedField) }));
}

function retagLast(definition: WorkflowDefinition, tag: string | undefined, segment: string) {
  if (tag === undefined) return definition;
  const index = tag.lastIndexOf('__');
  return retagPrefix(definition, tag, index < 0 ? segment : `${tag.slice(0, index)}__${segment}`);
}

// The designer's reducer: one command over one definition, a new definition out (or the same one
// when the command addresses nothing).
export function applyCommand(definition: WorkflowDefinition, command: DesignerCommand): WorkflowDefinition {
  switch (command.type) {
    case 'setKind': {
      const next = { ...definition, kind: patchObject(definition.kind, command.patch) };
      // The kind tag prefixes every group tag: renaming it retags the whole tree.
      const to = command.patch.tag;
      return to === undefined || to === definition.kind.tag
        ? next
        : retagPrefix(next, definition.kind.tag, to);
    }
    case 'setInitialStatus':
      return { ...definition, initial_status: command.status };
    case 'setListSettings': {
      // No columns means the server's own choice: the key is dropped rather than kept empty.
      const columns = command.patch.list_columns;
      const patch = columns?.length === 0 ? { ...command.patch, list_columns: undefined } : command.patch;
      return patchObject(definition, patch);
    }
    case 'addStatus':
      return addStatus(definition, command.name);
    case 'setStatus':
      return setStatus(definition, command.index, command.patch);
    case 'removeStatus':
      return { ...definition, statuses: removeAt(definition.statuses, command.index) };
    case 'moveStatus':
      return { ...definition, statuses: moveWithin(definition.statuses, command.from, command.to) };
    case 'addGroup':
      return addGroup(definition, command.name, command.stepName);
    case 'setGroupName':
      return updateGroup(definition, command.group, (g) => ({ ...g, name: command.name }));
    case 'setGroupTag':
      return retagLast(definition, definition.step_groups[command.group]?.tag, command.segment);
    case 'removeGroup':
      return { ...definition, step_groups: removeAt(definition.step_groups, command.group) };
    case 'moveGroup':
      return { ...definition, step_groups: moveWithin(definition.step_groups, command.from, command.to) };
    case 'addStep':
      return updateGroup(definition, command.group, (g) => ({
        ...g,
        steps: [...g.steps, newStep(g, command.name)],
      }));
    case 'setStep':
      return updateStep(definition, command.at, (s) => patchObject(s, command.patch));
    case 'setStepTag':
      return retagLast(
        definition,
        definition.step_groups[command.at.group]?.steps[command.at.step]?.tag,
        command.segment,
      );
    case 'removeStep':
      return updateGroup(definition, command.at.group, (g) => ({
        ...g,
        steps: removeAt(g.steps, command.at.step),
      }));
    case 'moveStep':
      return moveStep(definition, command.from, command.to);
    case 'addField':
      return updateStep(definition, command.at, (s) => ({
        ...s,
        fields: insertAt(
          s.fields,
          command.index ?? s.fields.length,
          newField(s, command.fieldType, command.label),
        ),
      }));
    case 'setField':
      return updateField(definition, command.at, (f) => patchObject(f, command.patch));
    case 'setFieldType':
      return updateField(definition, command.at, (f) => changeFieldType(f, command.fieldType));
    case 'setFieldTag': {
      const { at } = command;
      return retagLast(
        definition,
        definition.step_groups[at.group]?.steps[at.step]?.fields[at.field]?.tag,
        command.segment,
      );
    }
    case 'removeField':
      return updateStep(definition, command.at, (s) => ({
        ...s,
        fields: removeAt(s.fields, command.at.field),
      }));
    case 'moveField':
      return moveField(definition, command.from, command.to);
  }
}
