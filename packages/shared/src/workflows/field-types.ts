import { z } from 'zod';

// Spec 2 §3.1: every field (component) type except the integration family (company data,
// screening, signing, ...), which arrives with the integration steps that run as jobs.
export const FIELD_TYPES = [
  'char_field',
  'text',
  'decimal',
  'integer',
  'single_select',
  'multi_select',
  'url',
  'checkbox',
  'grouped_checkbox',
  'radio',
  'bool',
  'date',
  'naive_date',
  'relative_date',
  'file',
  'multi_file',
  'attachment',
  'cascader',
  'email',
  'phone',
  'alert',
  'paragraph',
  'break',
  'section_break',
  'divider',
  'table',
  'region',
  'currency',
  'html',
  'json',
  'array',
  'slider',
  'iframe',
  'business_unit',
  'user_workflow',
  'child_workflow',
  'wizard_section',
  'visualization',
  'dynamic_group_json',
  'e_signature',
  'pdf_viewer',
  'country_single_select',
  'country_multi_select',
  's3_object',
  'rating',
  'owner',
  'data_object',
  'scorm',
  'system',
  'badge_tags',
] as const;
export const FieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof FieldTypeSchema>;

// Layout and content a person reads but never answers. 'system' is written by the platform only,
// so a person's answer to it is refused too.
export const DISPLAY_ONLY_FIELD_TYPES = [
  'alert',
  'paragraph',
  'break',
  'section_break',
  'divider',
  'wizard_section',
  'visualization',
  'iframe',
  'pdf_viewer',
  'scorm',
  'system',
] as const satisfies readonly FieldType[];

export function isAnswerable(type: FieldType): boolean {
  return !(DISPLAY_ONLY_FIELD_TYPES as readonly FieldType[]).includes(type);
}

// Spec 2 §3.1, "field type groups used by reports". The spec's 'select' and 'multi-select' are our
// single_select and multi_select.
export const REPORT_FIELD_TYPE_GROUPS = {
  numeric: ['integer', 'decimal', 'currency', 'slider'],
  choice: [
    'single_select',
    'multi_select',
    'bool',
    'cascader',
    'checkbox',
    'grouped_checkbox',
    'radio',
    'region',
    'business_unit',
  ],
  date: ['date', 'naive_date'],
} as const satisfies Record<string, readonly FieldType[]>;
export type ReportFieldTypeGroup = keyof typeof REPORT_FIELD_TYPE_GROUPS;

export function reportGroupOf(type: FieldType): ReportFieldTypeGroup | undefined {
  for (const [group, types] of Object.entries(REPORT_FIELD_TYPE_GROUPS)) {
    if ((types as readonly FieldType[]).includes(type)) return group as ReportFieldTypeGroup;
  }
  return undefined;
}

// Types whose definition must list options to choose from.
export const OPTION_FIELD_TYPES = [
  'single_select',
  'multi_select',
  'radio',
  'grouped_checkbox',
] as const satisfies readonly FieldType[];

// Types whose answer is a list of values, bounded by min_selections and max_selections.
export const MULTI_VALUE_FIELD_TYPES = [
  'multi_select',
  'grouped_checkbox',
  'country_multi_select',
  'badge_tags',
] as const satisfies readonly FieldType[];

// Types whose answer is one or more uploaded files, given as metadata.
export const SINGLE_FILE_FIELD_TYPES = [
  'file',
  's3_object',
  'e_signature',
] as const satisfies readonly FieldType[];
export const MULTI_FILE_FIELD_TYPES = ['multi_file', 'attachment'] as const satisfies readonly FieldType[];

// A table cell holds a plain value; no nested tables, files or workflows inside a row.
export const TABLE_COLUMN_FIELD_TYPES = [
  'char_field',
  'text',
  'decimal',
  'integer',
  'currency',
  'single_select',
  'multi_select',
  'radio',
  'bool',
  'checkbox',
  'date',
  'naive_date',
  'email',
  'url',
  'phone',
  'country_single_select',
  'rating',
] as const satisfies readonly FieldType[];

export function isOneOf<T extends string>(type: string, types: readonly T[]): type is T {
  return (types as readonly string[]).includes(type);
}
