import {
  type FieldDefinition,
  type FieldType,
  isAnswerable,
  isOneOf,
  joinTag,
  OPTION_FIELD_TYPES,
  type StepDefinition,
} from '@attest/shared';
import { freeSegment, lastSegment, segmentOf } from './tree-edits';

// A new field of `type` with the settings its type cannot do without (fieldShapeIssues), so a field
// dropped from the palette is valid at once and its panel only refines it.
export function newField(step: StepDefinition, type: FieldType, label: string): FieldDefinition {
  const taken = new Set(step.fields.map((f) => lastSegment(f.tag)));
  const tag = joinTag(step.tag, freeSegment(segmentOf(type, 'field'), taken));
  const field: FieldDefinition = { tag, type, label };
  if (isOneOf(type, OPTION_FIELD_TYPES)) {
    field.options = [1, 2].map((n) => ({
      value: `option_${n}`,
      label: `Option ${n}`,
      ...(type === 'grouped_checkbox' ? { group: 'Group 1' } : {}),
    }));
  }
  if (type === 'cascader') field.cascader_options = [{ value: 'option_1', label: 'Option 1' }];
  if (type === 'slider') field.validation = { min: 0, max: 10 };
  if (type === 'child_workflow') field.child_kind_tag = 'child_process';
  if (type === 'table') field.columns = [{ tag: 'column_1', type: 'char_field', label: 'Column 1' }];
  return field;
}

// When a field's type changes, the settings only the old type read go and the new type's required
// ones come, keeping the field's tag, label, help, required and visibility.
export function changeFieldType(field: FieldDefinition, type: FieldType): FieldDefinition {
  const fresh = newField({ tag: '', name: '', fields: [] }, type, field.label);
  const kept: FieldDefinition = { ...fresh, tag: field.tag, label: field.label };
  if (field.help !== undefined) kept.help = field.help;
  if (field.placeholder !== undefined) kept.placeholder = field.placeholder;
  if (field.visible_when !== undefined) kept.visible_when = field.visible_when;
  if (field.required && isAnswerable(type)) kept.required = true;
  if (field.options && fresh.options) kept.options = field.options;
  return kept;
}
