import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import {
  DATA_OBJECT_FIELD_MESSAGES,
  FieldSchema,
  fieldShapeIssues,
  TagSegmentSchema,
} from '../workflows/field-schema.js';
import {
  DISPLAY_ONLY_FIELD_TYPES,
  type FieldType,
  isOneOf,
  MULTI_FILE_FIELD_TYPES,
  SINGLE_FILE_FIELD_TYPES,
} from '../workflows/field-types.js';
import { OBJECT_TYPE_MESSAGES } from './messages.js';

// Issue 18 (plan §1.1): an object type, designed in the studio next to processes and published by a
// Production deployment. Its fields are workflow fields (same schema, same answer validation), named
// by one tag segment since a record has no steps.

// Bounds (STYLE rule 7).
export const MAX_OBJECT_FIELDS = 200;
export const MAX_UNIQUE_KEYS = 5;
export const MAX_UNIQUE_KEY_FIELDS = 5;
export const MAX_OBJECT_RELATIONS = 20;
export const MAX_OBJECT_LIST_COLUMNS = 10;
export const OBJECT_TYPE_NAME_MAX_LENGTH = 200;
export const RECORD_TITLE_MAX_LENGTH = 500;

// Plan §1.1: text, numeric, choice, date, e-mail, url, phone, country, currency, bool and checkbox,
// rating, json and data_object. Nothing that needs a workflow (files, owners, child workflows).
export const OBJECT_FIELD_TYPES = [
  'char_field',
  'text',
  'integer',
  'decimal',
  'slider',
  'currency',
  'single_select',
  'multi_select',
  'radio',
  'grouped_checkbox',
  'cascader',
  'date',
  'naive_date',
  'email',
  'url',
  'phone',
  'country_single_select',
  'country_multi_select',
  'bool',
  'checkbox',
  'rating',
  'json',
  'data_object',
] as const satisfies readonly FieldType[];
export type ObjectFieldType = (typeof OBJECT_FIELD_TYPES)[number];

// The title is a record's name in lists, pickers and messages.
export const TITLE_FIELD_TYPES = ['char_field', 'text'] as const satisfies readonly ObjectFieldType[];

// A unique key is compared as lower(trim(text)) of each of its fields: one value per field.
export const UNIQUE_KEY_FIELD_TYPES = [
  'char_field',
  'text',
  'integer',
  'decimal',
  'single_select',
  'radio',
  'date',
  'naive_date',
  'email',
  'url',
  'phone',
  'country_single_select',
  'data_object',
] as const satisfies readonly ObjectFieldType[];

const WORKFLOW_BOUND_FIELD_TYPES = [
  'owner',
  'user_workflow',
  'child_workflow',
  'dynamic_group_json',
] as const satisfies readonly FieldType[];

// Why a field type is not on object types, or undefined when it is.
export function objectFieldTypeProblem(type: FieldType): string | undefined {
  if (isOneOf(type, OBJECT_FIELD_TYPES)) return undefined;
  if (isOneOf(type, SINGLE_FILE_FIELD_TYPES) || isOneOf(type, MULTI_FILE_FIELD_TYPES))
    return OBJECT_TYPE_MESSAGES.fileField;
  if (type === 'region' || type === 'business_unit') return OBJECT_TYPE_MESSAGES.placeField;
  if (isOneOf(type, WORKFLOW_BOUND_FIELD_TYPES)) return OBJECT_TYPE_MESSAGES.workflowField(type);
  if (isOneOf(type, DISPLAY_ONLY_FIELD_TYPES)) return OBJECT_TYPE_MESSAGES.displayField(type);
  return OBJECT_TYPE_MESSAGES.unsupportedField(type);
}

// The workflow field's properties, less what only a step has: conditions on other fields of the
// step, table columns, child kinds and display content (none of those types is allowed here).
const {
  tag: _stepFieldTag,
  visible_when: _visibleWhen,
  child_kind_tag: _childKindTag,
  columns: _columns,
  content: _content,
  ...fieldProperties
} = FieldSchema.shape;

export const ObjectFieldSchema = z
  .object({ ...fieldProperties, tag: TagSegmentSchema })
  .strict()
  .superRefine((field, ctx) => {
    const problem = objectFieldTypeProblem(field.type);
    if (problem) ctx.addIssue({ code: 'custom', path: ['type'], message: problem });
    for (const issue of fieldShapeIssues(field)) ctx.addIssue({ code: 'custom', ...issue });
    // Object types are new: unlike stored workflow definitions, none may leave the target out.
    if (field.type === 'data_object' && field.object_type_tag === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['object_type_tag'],
        message: DATA_OBJECT_FIELD_MESSAGES.objectTypeRequired,
      });
    }
  });
export type ObjectField = z.infer<typeof ObjectFieldSchema>;

// A relation links a record to records of an object type (record_links) or names the workflow kind
// whose data_object fields point at it (workflow_record_links), shown on the record's tabs.
export const ObjectRelationTargetSchema = z.union([
  z.object({ object_type_tag: TagSegmentSchema }).strict(),
  z.object({ kind_tag: TagSegmentSchema }).strict(),
]);
export type ObjectRelationTarget = z.infer<typeof ObjectRelationTargetSchema>;

export const ObjectRelationSchema = z
  .object({
    tag: TagSegmentSchema,
    label: text().trim().min(1).max(200),
    target: ObjectRelationTargetSchema,
    many: z.boolean(),
  })
  .strict();
export type ObjectRelation = z.infer<typeof ObjectRelationSchema>;

const UniqueKeySchema = z.array(TagSegmentSchema).min(1).max(MAX_UNIQUE_KEY_FIELDS);
export type UniqueKey = z.infer<typeof UniqueKeySchema>;

// The name a unique key is stored and looked up by (record_keys.key_name, an import's key_name):
// its field tags joined by '+', which a tag segment never holds.
export function uniqueKeyName(key: readonly string[]): string {
  return key.join('+');
}

type DefinitionShape = {
  fields: readonly ObjectField[];
  title_field: string;
  unique_keys: readonly (readonly string[])[];
  relations: readonly { tag: string }[];
  list_columns?: readonly string[] | undefined;
  has_region: boolean;
  has_business_unit: boolean;
};
type Issue = { path: (string | number)[]; message: string };

function fieldIssues(definition: DefinitionShape, issues: Issue[]): Map<string, ObjectField> {
  const byTag = new Map<string, ObjectField>();
  definition.fields.forEach((field, index) => {
    if (byTag.has(field.tag))
      issues.push({ path: ['fields', index, 'tag'], message: OBJECT_TYPE_MESSAGES.repeatedField(field.tag) });
    else byTag.set(field.tag, field);
  });
  return byTag;
}

function titleIssues(definition: DefinitionShape, byTag: Map<string, ObjectField>, issues: Issue[]) {
  const tag = definition.title_field;
  const title = byTag.get(tag);
  const path = ['title_field'];
  if (!title) issues.push({ path, message: OBJECT_TYPE_MESSAGES.titleNotAField(tag) });
  else if (!isOneOf(title.type, TITLE_FIELD_TYPES))
    issues.push({ path, message: OBJECT_TYPE_MESSAGES.titleNotText(tag, title.type) });
  else if (!title.required) issues.push({ path, message: OBJECT_TYPE_MESSAGES.titleNotRequired(tag) });
}

function keyIssues(definition: DefinitionShape, byTag: Map<string, ObjectField>, issues: Issue[]) {
  const seenKeys = new Map<string, number>();
  definition.unique_keys.forEach((key, k) => {
    const inKey = new Set<string>();
    key.forEach((tag, f) => {
      const path = ['unique_keys', k, f];
      const field = byTag.get(tag);
      if (inKey.has(tag)) issues.push({ path, message: OBJECT_TYPE_MESSAGES.keyFieldRepeated(tag) });
      else if (!field) issues.push({ path, message: OBJECT_TYPE_MESSAGES.keyNotAField(tag) });
      else if (!isOneOf(field.type, UNIQUE_KEY_FIELD_TYPES))
        issues.push({ path, message: OBJECT_TYPE_MESSAGES.keyFieldNotSingleValue(tag, field.type) });
      inKey.add(tag);
    });
    // The same fields in another order are the same key.
    const name = uniqueKeyName([...inKey].sort());
    const other = seenKeys.get(name);
    if (other !== undefined)
      issues.push({ path: ['unique_keys', k], message: OBJECT_TYPE_MESSAGES.keyRepeated(other) });
    else seenKeys.set(name, k);
  });
}

function repeatedTags(
  tags: readonly string[],
  at: (index: number) => (string | number)[],
  message: (tag: string) => string,
  issues: Issue[],
) {
  const seen = new Set<string>();
  tags.forEach((tag, index) => {
    if (seen.has(tag)) issues.push({ path: at(index), message: message(tag) });
    seen.add(tag);
  });
}

// The rules that tie a definition's parts together, apart from each field's own.
export function objectTypeDefinitionIssues(definition: DefinitionShape): Issue[] {
  const issues: Issue[] = [];
  const byTag = fieldIssues(definition, issues);
  titleIssues(definition, byTag, issues);
  keyIssues(definition, byTag, issues);
  repeatedTags(
    definition.relations.map((r) => r.tag),
    (index) => ['relations', index, 'tag'],
    OBJECT_TYPE_MESSAGES.repeatedRelation,
    issues,
  );
  const listColumns = definition.list_columns ?? [];
  listColumns.forEach((tag, index) => {
    if (!byTag.has(tag))
      issues.push({ path: ['list_columns', index], message: OBJECT_TYPE_MESSAGES.listColumnNotAField(tag) });
  });
  repeatedTags(
    listColumns,
    (index) => ['list_columns', index],
    OBJECT_TYPE_MESSAGES.listColumnRepeated,
    issues,
  );
  if (definition.has_business_unit && !definition.has_region)
    issues.push({ path: ['has_business_unit'], message: OBJECT_TYPE_MESSAGES.unitNeedsRegion });
  return issues;
}

export const ObjectTypeDefinitionSchema = z
  .object({
    tag: TagSegmentSchema,
    name: text().trim().min(1).max(OBJECT_TYPE_NAME_MAX_LENGTH),
    description: text().max(2000).optional(),
    fields: z.array(ObjectFieldSchema).min(1).max(MAX_OBJECT_FIELDS),
    // The tag of a required char_field or text field: a record's title.
    title_field: TagSegmentSchema,
    // e.g. [['vat_number'], ['name', 'country']]; the database enforces each (record_keys).
    unique_keys: z.array(UniqueKeySchema).max(MAX_UNIQUE_KEYS).default([]),
    relations: z.array(ObjectRelationSchema).max(MAX_OBJECT_RELATIONS).default([]),
    // The fields the records list shows after the title; none given, the first required ones.
    list_columns: z.array(TagSegmentSchema).max(MAX_OBJECT_LIST_COLUMNS).optional(),
    has_region: z.boolean().default(false),
    has_business_unit: z.boolean().default(false),
  })
  .strict()
  .superRefine((definition, ctx) => {
    for (const issue of objectTypeDefinitionIssues(definition)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ObjectTypeDefinition = z.infer<typeof ObjectTypeDefinitionSchema>;
// What a designer writes: the defaulted parts may be left out.
export type ObjectTypeDefinitionInput = z.input<typeof ObjectTypeDefinitionSchema>;

// The columns a records list shows after the title (plan §3.1 `values (list columns)`).
export function recordListColumns(definition: ObjectTypeDefinition): ObjectField[] {
  const byTag = new Map(definition.fields.map((f) => [f.tag, f]));
  if (definition.list_columns)
    return definition.list_columns.flatMap((tag) => {
      const field = byTag.get(tag);
      return field ? [field] : [];
    });
  return definition.fields.filter((f) => f.required && f.tag !== definition.title_field).slice(0, 3);
}

export function objectFieldByTag(definition: ObjectTypeDefinition, tag: string): ObjectField | undefined {
  return definition.fields.find((f) => f.tag === tag);
}
