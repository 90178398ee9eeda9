import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { withDepthLimit } from '../validators/nesting.js';
import { isValidUrl } from '../validators/url.js';
import { ConditionSchema } from './conditions.js';
import { COUNTRY_CODES } from './countries.js';
import {
  FieldTypeSchema,
  isAnswerable,
  isOneOf,
  OPTION_FIELD_TYPES,
  TABLE_COLUMN_FIELD_TYPES,
} from './field-types.js';
import { isValidTagSegment } from './tags.js';

// Bounds of one field definition (STYLE rule 7). Files: 100 MB is what the attachment store accepts.
export const MAX_FIELD_OPTIONS = 500;
export const MAX_CASCADER_DEPTH = 5;
export const MAX_TABLE_COLUMNS = 30;
export const MAX_TABLE_ROWS = 500;
export const MAX_FILE_SIZE_BYTES = 100 * 1024 * 1024;
export const MAX_FILES_PER_FIELD = 50;
export const MAX_TEXT_LENGTH = 100_000;

export const TagSegmentSchema = z
  .string()
  .max(40)
  .refine(
    isValidTagSegment,
    'Use lower-case letters, digits and single underscores, starting with a letter.',
  );

// Option values are stored as answers and compared by rules: short, one line.
export const FieldOptionSchema = z
  .object({
    value: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[^\n\r]+$/, 'An option value is a single line.'),
    label: text().min(1).max(200),
    // grouped_checkbox shows its options under these headings.
    group: text().min(1).max(100).optional(),
  })
  .strict();
export type FieldOption = z.infer<typeof FieldOptionSchema>;

export type CascaderOption = { value: string; label: string; children?: CascaderOption[] | undefined };
const CascaderNodeSchema: z.ZodType<CascaderOption> = z.lazy(() =>
  z
    .object({
      value: FieldOptionSchema.shape.value,
      label: FieldOptionSchema.shape.label,
      children: z.array(CascaderNodeSchema).min(1).max(MAX_FIELD_OPTIONS).optional(),
    })
    .strict(),
);
// Issue 12: the depth is measured on the raw value before the recursive schema runs; one level
// more than the limit reaches the field's own check, which names the limit.
export const CascaderOptionSchema = withDepthLimit(CascaderNodeSchema, {
  limit: MAX_CASCADER_DEPTH + 1,
  childrenOf: (node) => {
    const children = (node as { children?: unknown }).children;
    return Array.isArray(children) ? children : [];
  },
  message: `Cascader options nest at most ${MAX_CASCADER_DEPTH} levels.`,
});

export function cascaderDepth(options: readonly CascaderOption[]): number {
  return options.reduce(
    (deepest, o) => Math.max(deepest, 1 + (o.children ? cascaderDepth(o.children) : 0)),
    0,
  );
}

const NaiveDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');
// A content type ('application/pdf', 'image/*') or an extension ('.pdf').
const AllowedFileTypeSchema = z
  .string()
  .max(100)
  .regex(
    /^(?:\.[a-z0-9]{1,10}|[a-z]+\/(?:\*|[a-z0-9.+-]+))$/,
    "Use a content type ('image/*') or an extension ('.pdf').",
  );

// Per-type validation options; each applies only to the types that read it (answer-validation.ts).
export const FieldValidationSchema = z
  .object({
    min_length: z.number().int().min(0).max(MAX_TEXT_LENGTH),
    max_length: z.number().int().min(1).max(MAX_TEXT_LENGTH),
    min: z.number().finite(),
    max: z.number().finite(),
    decimal_places: z.number().int().min(0).max(10),
    step: z.number().finite().positive(),
    min_selections: z.number().int().min(0).max(MAX_FIELD_OPTIONS),
    max_selections: z.number().int().min(1).max(MAX_FIELD_OPTIONS),
    min_date: NaiveDateSchema,
    max_date: NaiveDateSchema,
    max_size_bytes: z.number().int().min(1).max(MAX_FILE_SIZE_BYTES),
    allowed_types: z.array(AllowedFileTypeSchema).min(1).max(50),
    max_files: z.number().int().min(1).max(MAX_FILES_PER_FIELD),
    min_rows: z.number().int().min(0).max(MAX_TABLE_ROWS),
    max_rows: z.number().int().min(1).max(MAX_TABLE_ROWS),
    currencies: z
      .array(text().regex(/^[A-Z]{3}$/, 'Use ISO 4217 currency codes.'))
      .min(1)
      .max(50),
    countries: z.array(z.enum(COUNTRY_CODES)).min(1).max(COUNTRY_CODES.length),
  })
  .partial()
  .strict();
export type FieldValidation = z.infer<typeof FieldValidationSchema>;

const fieldBase = {
  type: FieldTypeSchema,
  label: text().trim().min(1).max(300),
  help: text().max(2000).optional(),
  placeholder: text().max(200).optional(),
  required: z.boolean().optional(),
  validation: FieldValidationSchema.optional(),
  options: z.array(FieldOptionSchema).min(1).max(MAX_FIELD_OPTIONS).optional(),
  cascader_options: z.array(CascaderOptionSchema).min(1).max(MAX_FIELD_OPTIONS).optional(),
};

type FieldShape = z.infer<z.ZodObject<typeof fieldBase>> & {
  columns?: readonly { tag: string }[] | undefined;
  child_kind_tag?: string | undefined;
  object_type_tag?: string | undefined;
  content?: string | undefined;
};

// Issue 18 (plan §1.5): a data_object field names the object type whose records it picks from.
export const DATA_OBJECT_FIELD_MESSAGES = {
  onlyOnDataObject: 'object_type_tag applies only to data_object fields.',
  objectTypeRequired: 'A data_object field names the object type it picks from (object_type_tag).',
} as const;
type Issue = { path: (string | number)[]; message: string };

function ordered(
  issues: Issue[],
  v: FieldValidation,
  low: keyof FieldValidation,
  high: keyof FieldValidation,
) {
  const a = v[low];
  const b = v[high];
  if (a !== undefined && b !== undefined && a > b) {
    issues.push({ path: ['validation', low], message: `${low} must not be greater than ${high}.` });
  }
}

// The rules a field's own definition must keep, whatever step it sits in.
export function fieldShapeIssues(field: FieldShape): Issue[] {
  const issues: Issue[] = [];
  const v = field.validation ?? {};
  const isOptionType = isOneOf(field.type, OPTION_FIELD_TYPES);
  if (isOptionType && !field.options) {
    issues.push({ path: ['options'], message: `A ${field.type} field needs options.` });
  }
  if (!isOptionType && field.options) {
    issues.push({
      path: ['options'],
      message: `Options apply only to ${OPTION_FIELD_TYPES.join(', ')} fields.`,
    });
  }
  if (field.options) {
    const seen = new Set<string>();
    field.options.forEach((option, index) => {
      if (seen.has(option.value)) {
        issues.push({
          path: ['options', index, 'value'],
          message: `The option value '${option.value}' is repeated.`,
        });
      }
      seen.add(option.value);
      if (field.type === 'grouped_checkbox' && !option.group) {
        issues.push({
          path: ['options', index, 'group'],
          message: 'A grouped_checkbox option needs a group.',
        });
      }
    });
  }
  if ((field.type === 'cascader') !== (field.cascader_options !== undefined)) {
    issues.push({
      path: ['cascader_options'],
      message: 'cascader_options are required on, and only on, cascader fields.',
    });
  }
  if (field.cascader_options && cascaderDepth(field.cascader_options) > MAX_CASCADER_DEPTH) {
    issues.push({
      path: ['cascader_options'],
      message: `Cascader options nest at most ${MAX_CASCADER_DEPTH} levels.`,
    });
  }
  if (field.type === 'slider' && (v.min === undefined || v.max === undefined)) {
    issues.push({ path: ['validation'], message: 'A slider field needs validation.min and validation.max.' });
  }
  if ((field.type === 'child_workflow') !== (field.child_kind_tag !== undefined)) {
    issues.push({
      path: ['child_kind_tag'],
      message: 'child_kind_tag is required on, and only on, child_workflow fields.',
    });
  }
  // Optional on data_object itself, so definitions stored before issue 18 still load; a new one
  // without it is refused where it is published (publishDefinition, ObjectTypeDefinitionSchema).
  if (field.object_type_tag !== undefined && field.type !== 'data_object') {
    issues.push({ path: ['object_type_tag'], message: DATA_OBJECT_FIELD_MESSAGES.onlyOnDataObject });
  }
  if ((field.type === 'table') !== (field.columns !== undefined)) {
    issues.push({ path: ['columns'], message: 'columns are required on, and only on, table fields.' });
  }
  // The address an iframe or pdf_viewer shows goes into the page: http(s) only, never javascript:.
  if (
    (field.type === 'iframe' || field.type === 'pdf_viewer') &&
    field.content !== undefined &&
    !isValidUrl(field.content)
  ) {
    issues.push({
      path: ['content'],
      message: `A ${field.type} field shows a web address starting with https://.`,
    });
  }
  if (field.required && !isAnswerable(field.type)) {
    issues.push({
      path: ['required'],
      message: `A ${field.type} field takes no answer, so it cannot be required.`,
    });
  }
  ordered(issues, v, 'min_length', 'max_length');
  ordered(issues, v, 'min', 'max');
  ordered(issues, v, 'min_selections', 'max_selections');
  ordered(issues, v, 'min_date', 'max_date');
  ordered(issues, v, 'min_rows', 'max_rows');
  return issues;
}

function refineShape(field: FieldShape, ctx: z.RefinementCtx) {
  for (const issue of fieldShapeIssues(field)) ctx.addIssue({ code: 'custom', ...issue });
}

// A table column: a plain field named by one segment inside its table.
export const TableColumnSchema = z
  .object({ ...fieldBase, tag: TagSegmentSchema, type: z.enum(TABLE_COLUMN_FIELD_TYPES) })
  .strict()
  .superRefine(refineShape);
export type TableColumn = z.infer<typeof TableColumnSchema>;

export const FieldSchema = z
  .object({
    ...fieldBase,
    // The full field tag, checked against its step by the definition schema.
    tag: text().min(1).max(200),
    visible_when: ConditionSchema.optional(),
    child_kind_tag: TagSegmentSchema.optional(),
    // data_object: the tag of the object type its records come from (issue 18).
    object_type_tag: TagSegmentSchema.optional(),
    columns: z.array(TableColumnSchema).min(1).max(MAX_TABLE_COLUMNS).optional(),
    // Text shown by display-only types (paragraph, alert) or the address an iframe or pdf_viewer shows.
    content: text().max(MAX_TEXT_LENGTH).optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    refineShape(field, ctx);
    const seen = new Set<string>();
    field.columns?.forEach((column, index) => {
      if (seen.has(column.tag)) {
        ctx.addIssue({
          code: 'custom',
          path: ['columns', index, 'tag'],
          message: `The column '${column.tag}' is repeated.`,
        });
      }
      seen.add(column.tag);
    });
  });
export type FieldDefinition = z.infer<typeof FieldSchema>;
// What validateAnswer needs to know: a field or a table column.
export type AnswerField = FieldDefinition | TableColumn;
