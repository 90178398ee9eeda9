import {
  type CascaderOption,
  type FieldDefinition,
  isEmptyAnswer,
  isOneOf,
  MULTI_FILE_FIELD_TYPES,
  SINGLE_FILE_FIELD_TYPES,
} from '@attest/shared';

// One cell of an exported row: text, a number (kept numeric so a spreadsheet can sum it) or empty.
export type ExportCell = string | number | null;

// Names the export shows instead of the ids some answers hold (regions, business units, users).
export type ExportLookups = {
  region: (id: number) => string | undefined;
  businessUnit: (id: number) => string | undefined;
  user: (id: number) => string | undefined;
};

// Separates the items of a list answer inside one cell.
export const LIST_SEPARATOR = '; ';

// OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ (or tab, carriage return)
// as a formula. A leading apostrophe makes it text. Numbers are written as numbers, never as text,
// so a negative amount stays a number.
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

// Spec 1 §9: dates as YYYY-MM-DD.
export function isoDay(value: Date | string): string {
  return (typeof value === 'string' ? value : value.toISOString()).slice(0, 10);
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
function countryName(code: unknown): string {
  if (typeof code !== 'string') return '';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function optionLabel(field: FieldDefinition, value: unknown): string {
  const option = field.options?.find((o) => o.value === value);
  return option?.label ?? String(value);
}

function cascaderLabels(options: readonly CascaderOption[] | undefined, path: readonly unknown[]): string {
  const labels: string[] = [];
  let level = options;
  for (const value of path) {
    const option = level?.find((o) => o.value === value);
    labels.push(option?.label ?? String(value));
    level = option?.children;
  }
  return labels.join(' / ');
}

function fileNames(value: unknown): string {
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (typeof item === 'object' && item !== null && 'name' in item ? String(item.name) : ''))
    .filter(Boolean)
    .join(LIST_SEPARATOR);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

// A stored answer (as validateAnswer normalised it) as a person reads it: option labels rather than
// values, file names rather than file metadata, names rather than ids, dates as YYYY-MM-DD.
export function answerCell(field: FieldDefinition, value: unknown, lookups: ExportLookups): ExportCell {
  if (isEmptyAnswer(value)) return null;
  if (isOneOf(field.type, SINGLE_FILE_FIELD_TYPES) || isOneOf(field.type, MULTI_FILE_FIELD_TYPES)) {
    return fileNames(value);
  }
  switch (field.type) {
    case 'integer':
    case 'decimal':
    case 'slider':
    case 'rating':
      return typeof value === 'number' ? value : String(value);
    case 'currency': {
      const money = value as { amount?: unknown; currency?: unknown };
      return `${String(money.amount)} ${String(money.currency)}`;
    }
    case 'single_select':
    case 'radio':
      return optionLabel(field, value);
    case 'multi_select':
    case 'grouped_checkbox':
      return list(value)
        .map((item) => optionLabel(field, item))
        .join(LIST_SEPARATOR);
    case 'cascader':
      return cascaderLabels(field.cascader_options, list(value));
    case 'country_single_select':
      return countryName(value);
    case 'country_multi_select':
      return list(value).map(countryName).join(LIST_SEPARATOR);
    case 'bool':
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'date':
    case 'naive_date':
      return typeof value === 'string' ? isoDay(value) : String(value);
    case 'region':
      return lookups.region(Number(value)) ?? String(value);
    case 'business_unit':
      return lookups.businessUnit(Number(value)) ?? String(value);
    case 'owner':
      return lookups.user(Number(value)) ?? String(value);
    case 'child_workflow':
    case 'badge_tags':
    case 'array':
      return list(value).map(String).join(LIST_SEPARATOR);
    case 'json':
    case 'dynamic_group_json':
    case 'table':
      return JSON.stringify(value);
    default:
      return typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
  }
}
