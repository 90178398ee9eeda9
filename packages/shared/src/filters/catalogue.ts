import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import type { WorkflowDefinition } from '../workflows/definition-schema.js';
import { flattenSteps, statusDisplayName } from '../workflows/definition-schema.js';
import { type FieldType, isAnswerable } from '../workflows/field-types.js';
import { type AttributeType, AttributeTypeSchema } from './operators.js';

// The attributes an advanced filter can name (spec 1 §3 "a large catalogue of workflow, step,
// field and user source attributes"), with the tag scheme of spec 2 §3.5: a prefix and the
// attribute joined by double underscores. Step and field tags already hold '__', so a path is
// never split: the compiler looks the whole path up here and reads `source`.
export const WORKFLOW_ATTRIBUTES = [
  'id',
  'name',
  'created_at',
  'updated_at',
  'status',
  'region',
  'business_unit',
  'progress',
  'created_by',
  'cycle_start',
  'cycle_end',
  'cycle_time',
  'is_cycle_running',
  'is_locked',
  // Issue 19: the badges the workflow holds (badge_tags: spec 1 §5, an empty value is invalid).
  'badges',
] as const;
export type WorkflowAttribute = (typeof WORKFLOW_ATTRIBUTES)[number];

export const STEP_ATTRIBUTES = [
  'completed_at',
  'initiated_at',
  'is_locked',
  'overdue',
  'is_enabled',
  'submit_count',
  'completed_by',
  'assignee',
  'is_sla_breached',
] as const;
export type StepAttribute = (typeof STEP_ATTRIBUTES)[number];

export const USER_ATTRIBUTES = ['created_by_email', 'assignee_email'] as const;
export type UserAttribute = (typeof USER_ATTRIBUTES)[number];

// Issue 18: the columns every record has, whatever its object type (plan §3.1 list filters).
export const RECORD_ATTRIBUTES = [
  'id',
  'title',
  'created_at',
  'updated_at',
  'region',
  'business_unit',
  'created_by',
] as const;
export type RecordAttribute = (typeof RECORD_ATTRIBUTES)[number];

const WORKFLOW_TYPES: Record<WorkflowAttribute, AttributeType> = {
  id: 'integer',
  name: 'text',
  created_at: 'date',
  updated_at: 'date',
  status: 'choice',
  region: 'choice',
  business_unit: 'choice',
  progress: 'integer',
  created_by: 'user',
  cycle_start: 'date',
  cycle_end: 'date',
  // Hours, from cycle_start to cycle_end or now.
  cycle_time: 'decimal',
  is_cycle_running: 'boolean',
  is_locked: 'boolean',
  badges: 'badge_tags',
};

// English labels from us; the web translates these fixed ones by `label_key`.
const WORKFLOW_LABELS: Record<WorkflowAttribute, string> = {
  id: 'Workflow id',
  name: 'Workflow name',
  created_at: 'Workflow creation date',
  updated_at: 'Workflow last update',
  status: 'Workflow status',
  region: 'Workflow region',
  business_unit: 'Workflow business unit',
  progress: 'Workflow progress',
  created_by: 'Workflow created by',
  cycle_start: 'Workflow cycle start',
  cycle_end: 'Workflow cycle end',
  cycle_time: 'Workflow cycle time (hours)',
  is_cycle_running: 'Workflow cycle running',
  is_locked: 'Workflow locked',
  badges: 'Workflow badges',
};

const STEP_TYPES: Record<StepAttribute, AttributeType> = {
  completed_at: 'date',
  initiated_at: 'date',
  is_locked: 'boolean',
  overdue: 'boolean',
  is_enabled: 'boolean',
  submit_count: 'integer',
  completed_by: 'user',
  assignee: 'user',
  is_sla_breached: 'boolean',
};

const STEP_LABELS: Record<StepAttribute, string> = {
  completed_at: 'completion date',
  initiated_at: 'start date',
  is_locked: 'locked',
  overdue: 'overdue',
  is_enabled: 'open',
  submit_count: 'submit count',
  completed_by: 'completed by',
  assignee: 'assignee',
  is_sla_breached: 'SLA breached',
};

const USER_LABELS: Record<UserAttribute, string> = {
  created_by_email: 'Creator e-mail',
  assignee_email: 'Assignee e-mail (open steps)',
};

// The attribute type of an answerable field type; undefined for display-only ones.
export function attributeTypeOfField(type: FieldType): AttributeType | undefined {
  if (!isAnswerable(type)) return undefined;
  switch (type) {
    case 'char_field':
      return 'char';
    case 'text':
    case 'html':
      return 'text';
    case 'url':
    case 'email':
    case 'phone':
    case 'array':
    case 'date':
    case 'naive_date':
    case 'relative_date':
    case 'badge_tags':
    case 'json':
      return type;
    case 'dynamic_group_json':
      return 'json';
    case 'integer':
    case 'slider':
    case 'rating':
    case 'user_workflow':
    case 'data_object':
    // A table and a child_workflow field are filtered by their number of rows or children.
    case 'table':
    case 'child_workflow':
      return 'integer';
    case 'decimal':
    case 'currency':
      return 'decimal';
    case 'bool':
    case 'checkbox':
      return 'boolean';
    case 'single_select':
    case 'radio':
    case 'cascader':
    case 'country_single_select':
    case 'region':
    case 'business_unit':
      return 'choice';
    case 'multi_select':
    case 'grouped_checkbox':
    case 'country_multi_select':
      return 'multi_choice';
    case 'owner':
      return 'user';
    case 'file':
    case 'multi_file':
    case 'attachment':
    case 's3_object':
    case 'e_signature':
      return 'file';
    default:
      return undefined;
  }
}

export const AttributeSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('workflow'), attribute: z.enum(WORKFLOW_ATTRIBUTES) }),
  z.object({ kind: z.literal('step'), step_tag: text(), attribute: z.enum(STEP_ATTRIBUTES) }),
  z.object({ kind: z.literal('field'), field_tag: text(), field_type: text() }),
  z.object({ kind: z.literal('user'), attribute: z.enum(USER_ATTRIBUTES) }),
  // Issue 18: a record's own column (shared/records/catalogue.ts); its fields use 'field'.
  z.object({ kind: z.literal('record'), attribute: z.enum(RECORD_ATTRIBUTES) }),
]);
export type AttributeSource = z.infer<typeof AttributeSourceSchema>;

export const FilterAttributeSchema = z.object({
  path: text(),
  label: text(),
  // A fixed attribute's translation key ('filters.attributes.workflow.created_at'); none for fields.
  label_key: text().nullable(),
  // Step attributes carry the step's name, field attributes their step's, for grouping in a picker.
  group_label: text().nullable(),
  type: AttributeTypeSchema,
  options: z.array(z.object({ value: text(), label: text() })).nullable(),
  source: AttributeSourceSchema,
});
export type FilterAttribute = z.infer<typeof FilterAttributeSchema>;

export const ATTRIBUTE_PREFIX = {
  workflow: 'workflow__',
  step: 'step__',
  field: 'field__',
  user: 'user__',
} as const;

// `locale` names the statuses in the reader's language (issue 14); without it, as the tenant wrote them.
export function workflowAttributes(
  definition?: Pick<WorkflowDefinition, 'statuses'>,
  locale?: string,
): FilterAttribute[] {
  return WORKFLOW_ATTRIBUTES.map((attribute) => ({
    path: `${ATTRIBUTE_PREFIX.workflow}${attribute}`,
    label: WORKFLOW_LABELS[attribute],
    label_key: `attributes.workflow.${attribute}`,
    group_label: null,
    type: WORKFLOW_TYPES[attribute],
    // Status values are status tags; regions and business units are chosen by id in the web.
    options:
      attribute === 'status' && definition
        ? definition.statuses.map((s) => ({
            value: s.tag,
            label: statusDisplayName(definition, s.tag, locale),
          }))
        : null,
    source: { kind: 'workflow', attribute },
  }));
}

export function userAttributes(): FilterAttribute[] {
  return USER_ATTRIBUTES.map((attribute) => ({
    path: `${ATTRIBUTE_PREFIX.user}${attribute}`,
    label: USER_LABELS[attribute],
    label_key: `attributes.user.${attribute}`,
    group_label: null,
    type: 'email',
    options: null,
    source: { kind: 'user', attribute },
  }));
}

// The attributes a kind's definition offers: the process and user ones, then per step its step
// attributes and its answerable fields typed from their field type (choices with their options).
export function catalogueForDefinition(
  definition: Pick<WorkflowDefinition, 'statuses' | 'step_groups'>,
  locale?: string,
): FilterAttribute[] {
  const attributes = [...workflowAttributes(definition, locale), ...userAttributes()];
  for (const step of flattenSteps(definition)) {
    for (const attribute of STEP_ATTRIBUTES) {
      attributes.push({
        path: `${ATTRIBUTE_PREFIX.step}${step.tag}__${attribute}`,
        label: `${step.name}: ${STEP_LABELS[attribute]}`,
        label_key: `attributes.step.${attribute}`,
        group_label: step.name,
        type: STEP_TYPES[attribute],
        options: null,
        source: { kind: 'step', step_tag: step.tag, attribute },
      });
    }
    for (const field of step.fields) {
      const type = attributeTypeOfField(field.type);
      if (!type) continue;
      attributes.push({
        path: `${ATTRIBUTE_PREFIX.field}${field.tag}`,
        label: field.label,
        label_key: null,
        group_label: step.name,
        type,
        options: field.options ? field.options.map((o) => ({ value: o.value, label: o.label })) : null,
        source: { kind: 'field', field_tag: field.tag, field_type: field.type },
      });
    }
  }
  return attributes;
}

// The attributes every workflow has, whatever its kind: what a list without a kind filters on.
export function commonCatalogue(): FilterAttribute[] {
  return [...workflowAttributes(), ...userAttributes()];
}

export function catalogueIndex(catalogue: readonly FilterAttribute[]): Map<string, FilterAttribute> {
  return new Map(catalogue.map((a) => [a.path, a]));
}
