import { type AnswerErrorParams, answerError } from '../workflows/answer-errors.js';
import { COUNTRY_CODES, isCountryCode } from '../workflows/countries.js';
import type { AnswerField, CascaderOption } from '../workflows/field-schema.js';
import {
  type FieldType,
  isOneOf,
  MULTI_FILE_FIELD_TYPES,
  SINGLE_FILE_FIELD_TYPES,
} from '../workflows/field-types.js';
import { IMPORT_ROW_MESSAGES, type ImportRowProblemCode } from './messages.js';

// Issue 18 (plan §4.3): a spreadsheet cell (always text; the XLSX reader already writes dates as
// ISO days) turned into the answer a person would have given, so validateAnswer then judges it with
// the field's own messages. This only reads the text: range, options, countries and the rest are
// validateAnswer's. A value it cannot read is handed on as written, so the message names it.

// What a cell could not be read as: an answer code (ANSWER_ERROR_MESSAGES) or the import's own.
export type CellProblem = { code: string; params: AnswerErrorParams; message: string };
export type CellResult = { ok: true; value: unknown } | { ok: false; problem: CellProblem };

const read = (value: unknown): CellResult => ({ ok: true, value });
function importProblem(code: Extract<ImportRowProblemCode, 'ambiguous_date'>, value: string): CellResult {
  return { ok: false, problem: { code, params: { value }, message: IMPORT_ROW_MESSAGES[code]({ value }) } };
}

// Files, tables and workflow links are not cells: they are added on the record or workflow page.
const NOT_IMPORTABLE_TYPES = [
  ...SINGLE_FILE_FIELD_TYPES,
  ...MULTI_FILE_FIELD_TYPES,
  'table',
  'child_workflow',
  'dynamic_group_json',
] as const satisfies readonly FieldType[];

export function isImportableFieldType(type: FieldType): boolean {
  return !isOneOf(type, NOT_IMPORTABLE_TYPES);
}

// A list in one cell: 'a; b; c', or 'a, b, c' when there is no semicolon.
export function splitList(cell: string): string[] {
  const separator = cell.includes(';') ? ';' : ',';
  return cell
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();

// An option by its value, or else by its label (case and accents aside).
function optionValue(options: readonly { value: string; label: string }[] | undefined, cell: string): string {
  const text = cell.trim();
  if (!options) return text;
  const exact = options.find((o) => o.value === text);
  if (exact) return exact.value;
  const folded = fold(text);
  return options.find((o) => fold(o.value) === folded || fold(o.label) === folded)?.value ?? text;
}

let countryNames: Map<string, string> | undefined;
// English country names ("Germany", "United Kingdom") to their codes, built once.
function countryByName(): Map<string, string> {
  if (countryNames) return countryNames;
  const names = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const code of COUNTRY_CODES) {
    const name = display.of(code);
    if (name && name !== code) names.set(fold(name), code);
  }
  countryNames = names;
  return names;
}

function countryCode(cell: string): string {
  const text = cell.trim();
  if (isCountryCode(text.toUpperCase())) return text.toUpperCase();
  return countryByName().get(fold(text)) ?? text;
}

// 1234.5, -3, 1,234,567.89 or 1 234 567; the decimal point is a dot.
function readNumber(cell: string): number | string {
  const text = cell.trim();
  const grouped = /^-?\d{1,3}(?:([, \u00a0])\d{3})(?:\1\d{3})*(?:\.\d+)?$/.test(text);
  const plain = text.replace(/[, \u00a0]/g, '');
  if ((grouped || /^-?\d+(?:\.\d+)?$/.test(text)) && plain.length <= 40) return Number(plain);
  return text;
}

function readCurrency(field: AnswerField, cell: string): unknown {
  const text = cell.trim();
  const match = /^([A-Za-z]{3})\s*(.+)$/.exec(text) ?? /^(.+?)\s*([A-Za-z]{3})$/.exec(text);
  if (match?.[1] && match[2]) {
    const [code, amount] = /^[A-Za-z]{3}$/.test(match[1]) ? [match[1], match[2]] : [match[2], match[1]];
    return { amount: readNumber(amount), currency: code.toUpperCase() };
  }
  // A bare amount is in the field's currency when it allows only one.
  const only = field.validation?.currencies;
  return { amount: readNumber(text), currency: only?.length === 1 ? only[0] : '' };
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ja', 'oui', 'si', 'sí']);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non']);

function readBoolean(cell: string): boolean | string {
  const text = fold(cell);
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return cell.trim();
}

type DayResult = { day: string } | { ambiguous: true } | { unread: true };

const pad = (n: string) => n.padStart(2, '0');

// ISO (2026-03-04, 2026/03/04), dotted day first (04.03.2026), or slashed when only one reading is
// a date (25/12/2026, 12/25/2026). 03/04/2026 could be either, so it is refused, never guessed.
export function readDay(cell: string): DayResult {
  const text = cell.trim();
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (iso?.[1] && iso[2] && iso[3]) return { day: `${iso[1]}-${pad(iso[2])}-${pad(iso[3])}` };
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted?.[1] && dotted[2] && dotted[3])
    return { day: `${dotted[3]}-${pad(dotted[2])}-${pad(dotted[1])}` };
  const slashed = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  if (slashed?.[1] && slashed[2] && slashed[3]) {
    const [a, b, year] = [Number(slashed[1]), Number(slashed[2]), slashed[3]];
    if (a > 12 && b <= 12) return { day: `${year}-${pad(String(b))}-${pad(String(a))}` };
    if (b > 12 && a <= 12) return { day: `${year}-${pad(String(a))}-${pad(String(b))}` };
    if (a === b) return { day: `${year}-${pad(String(a))}-${pad(String(a))}` };
    return { ambiguous: true };
  }
  return { unread: true };
}

function readDate(field: AnswerField, cell: string): CellResult {
  const text = cell.trim();
  // An instant with its time (2026-03-04T10:00:00Z) is passed on as written.
  if (field.type === 'date' && /^\d{4}-\d{2}-\d{2}T/.test(text)) return read(text);
  const day = readDay(text);
  if ('day' in day) return read(day.day);
  if ('ambiguous' in day) return importProblem('ambiguous_date', text);
  return read(text);
}

// A cascader path: 'Europe / Germany / Berlin' (or with '>'), each level by value or label.
function readCascader(options: readonly CascaderOption[] | undefined, cell: string): string[] {
  const parts = cell
    .split(/\s*[/>]\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  let level = options;
  return parts.map((part) => {
    const value = optionValue(level, part);
    level = level?.find((o) => o.value === value)?.children;
    return value;
  });
}

// The answer a cell gives to a field: null for an empty cell (validateAnswer says if it was
// required). The result goes to validateAnswer, which normalises and judges it.
export function cellToAnswer(field: AnswerField, cell: string): CellResult {
  if (cell.trim() === '') return read(null);
  switch (field.type) {
    case 'integer':
    case 'decimal':
    case 'slider':
    case 'rating':
      return read(readNumber(cell));
    case 'currency':
      return read(readCurrency(field, cell));
    case 'single_select':
    case 'radio':
      return read(optionValue(field.options, cell));
    case 'multi_select':
    case 'grouped_checkbox':
      return read(splitList(cell).map((part) => optionValue(field.options, part)));
    case 'cascader':
      return read(readCascader(field.cascader_options, cell));
    case 'country_single_select':
      return read(countryCode(cell));
    case 'country_multi_select':
      return read(splitList(cell).map(countryCode));
    case 'badge_tags':
    case 'array':
      return read(splitList(cell));
    case 'bool':
    case 'checkbox':
      return read(readBoolean(cell));
    case 'date':
    case 'naive_date':
      return readDate(field, cell);
    case 'region':
    case 'business_unit':
    case 'owner':
    case 'user_workflow':
    case 'data_object':
      // Ids only: the server checks the id exists and is visible (answerReferenceErrors).
      return read(readNumber(cell));
    default:
      if (!isImportableFieldType(field.type)) return { ok: false, problem: answerError('not_answerable') };
      // Text, e-mail, url, phone, json, html, relative dates: as written.
      return read(cell);
  }
}
