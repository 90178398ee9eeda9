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
// Intl is slow per call and the codes are few: each code's name is looked up once per process.
const countryNameCache = new Map<string, string>();
function countryName(code: unknown): string {
  if (typeof code !== 'string') return '';
  let name = countryNameCache.get(code);
  if (name === undefined) {
    try {
      name = countryNames.of(code) ?? code;
    } catch {
      name = code;
    }
    if (countryNameCache.size < 10_000) countryNameCache.set(code, name);
  }
  return name;
}

// The label of each option value (the first option wins, as a search of the list would).
function optionLabels(field: FieldDefinition): (value: unknown) => string {
  const labels = new Map<unknown, string>();
  for (const option of field.options ?? []) {
    if (!labels.has(option.value)) labels.set(option.value, option.label);
  }
  return (value) => labels.get(value) ?? String(value);
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

type CellOf = (value: unknown) => ExportCell;

// How one field's stored answers become cells, decided once per export (its type's branch, its
// options as a map) rather than for every row.
function cellOfType(field: FieldDefinition, lookups: ExportLookups): CellOf {
  if (isOneOf(field.type, SINGLE_FILE_FIELD_TYPES) || isOneOf(field.type, MULTI_FILE_FIELD_TYPES)) {
    return fileNames;
  }
  switch (field.type) {
    case 'integer':
    case 'decimal':
    case 'slider':
    case 'rating':
      return (value) => (typeof value === 'number' ? value : String(value));
    case 'currency':
      return (value) => {
        const money = value as { amount?: unknown; currency?: unknown };
        return `${String(money.amount)} ${String(money.currency)}`;
      };
    case 'single_select':
    case 'radio':
      return optionLabels(field);
    case 'multi_select':
    case 'grouped_checkbox': {
      const label = optionLabels(field);
      return (value) => list(value).map(label).join(LIST_SEPARATOR);
    }
    case 'cascader':
      return (value) => cascaderLabels(field.cascader_options, list(value));
    case 'country_single_select':
      return countryName;
    case 'country_multi_select':
      return (value) => list(value).map(countryName).join(LIST_SEPARATOR);
    case 'bool':
    case 'checkbox':
      return (value) => (value === true ? 'Yes' : 'No');
    case 'date':
    case 'naive_date':
      return (value) => (typeof value === 'string' ? isoDay(value) : String(value));
    case 'region':
      return (value) => lookups.region(Number(value)) ?? String(value);
    case 'business_unit':
      return (value) => lookups.businessUnit(Number(value)) ?? String(value);
    case 'owner':
      return (value) => lookups.user(Number(value)) ?? String(value);
    case 'child_workflow':
    case 'badge_tags':
    case 'array':
      return (value) => list(value).map(String).join(LIST_SEPARATOR);
    case 'json':
    case 'dynamic_group_json':
    case 'table':
      return (value) => JSON.stringify(value);
    default:
      return (value) =>
        typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
  }
}

// A stored answer (as validateAnswer normalised it) as a person reads it: option labels rather than
// values, file names rather than file metadata, names rather than ids, dates as YYYY-MM-DD. Made
// once per field and export; called for every row.
export function answerCellOf(field: FieldDefinition, lookups: ExportLookups): CellOf {
  const cell = cellOfType(field, lookups);
  return (value) => (isEmptyAnswer(value) ? null : cell(value));
}

export function answerCell(field: FieldDefinition, value: unknown, lookups: ExportLookups): ExportCell {
  return answerCellOf(field, lookups)(value);
}
