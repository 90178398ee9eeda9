import type { FieldType, FieldValidation } from '@attest/shared';

export type ValidationKey = keyof FieldValidation;
export type ValidationInput = 'number' | 'date' | 'list';

export const VALIDATION_INPUTS: Record<ValidationKey, ValidationInput> = {
  min_length: 'number',
  max_length: 'number',
  min: 'number',
  max: 'number',
  decimal_places: 'number',
  step: 'number',
  min_selections: 'number',
  max_selections: 'number',
  min_date: 'date',
  max_date: 'date',
  max_size_bytes: 'number',
  allowed_types: 'list',
  max_files: 'number',
  min_rows: 'number',
  max_rows: 'number',
  currencies: 'list',
  countries: 'list',
};

const TEXT: ValidationKey[] = ['min_length', 'max_length'];
const FILE: ValidationKey[] = ['max_size_bytes', 'allowed_types'];

// The limits each type's answer check reads (shared/workflows/answer-validation*.ts); the panel
// offers only these.
export const VALIDATION_KEYS_BY_TYPE: Partial<Record<FieldType, ValidationKey[]>> = {
  char_field: TEXT,
  text: TEXT,
  html: TEXT,
  integer: ['min', 'max'],
  decimal: ['min', 'max', 'decimal_places'],
  currency: ['min', 'max', 'decimal_places', 'currencies'],
  slider: ['min', 'max', 'step'],
  rating: ['max'],
  multi_select: ['min_selections', 'max_selections'],
  grouped_checkbox: ['min_selections', 'max_selections'],
  badge_tags: ['min_selections', 'max_selections'],
  country_single_select: ['countries'],
  country_multi_select: ['countries', 'min_selections', 'max_selections'],
  date: ['min_date', 'max_date'],
  naive_date: ['min_date', 'max_date'],
  file: FILE,
  s3_object: FILE,
  e_signature: FILE,
  multi_file: [...FILE, 'max_files'],
  attachment: [...FILE, 'max_files'],
  table: ['min_rows', 'max_rows'],
};

// Types whose `content` is shown: text for display types, a web address for iframe and pdf_viewer.
export const CONTENT_TYPES: readonly FieldType[] = [
  'paragraph',
  'alert',
  'html',
  'iframe',
  'pdf_viewer',
  'scorm',
];
