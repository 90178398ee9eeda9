import { isRecord } from '../validators/unknown-values.js';
import { BARE_HTTPS_PREFIX, isValidUrl, URL_MAX_LENGTH } from '../validators/url.js';
import { type AnswerError, type AnswerResult, answerError, failAnswer, passAnswer } from './answer-errors.js';
import {
  validateBadgeTags,
  validateCascader,
  validateCountries,
  validateCountry,
  validateMultiOption,
  validateSingleOption,
} from './answer-validation-choices.js';
import { validateFile, validateFiles } from './answer-validation-files.js';
import { isEmptyAnswer } from './answers.js';
import { type AnswerField, MAX_TABLE_ROWS, MAX_TEXT_LENGTH } from './field-schema.js';
import { isAnswerable, isOneOf, MULTI_FILE_FIELD_TYPES, SINGLE_FILE_FIELD_TYPES } from './field-types.js';

// Lengths when the definition sets none: a line, a long text, rich text.
export const DEFAULT_MAX_LENGTH = { char_field: 255, text: 10_000, html: MAX_TEXT_LENGTH } as const;
export const DEFAULT_CURRENCY_DECIMALS = 2;
export const DEFAULT_RATING_MAX = 5;
export const MAX_RATING = 10;
export const MAX_ARRAY_ITEMS = 200;
export const MAX_CHILD_WORKFLOWS = 100;
export const MAX_JSON_LENGTH = 100_000;
export const EMAIL_MAX_LENGTH = 254;
export const DEFAULT_MAX_TABLE_ROWS = 100;
// Our choice for spec 1 §5's per-unit limits of a relative period, which the spec does not give:
// a day of minutes, a year of hours, ten years of days, weeks and months.
export const RELATIVE_PERIOD_MAX = { m: 1440, h: 8760, d: 3650, w: 520, M: 120 } as const;

function validateText(field: AnswerField, value: unknown, defaultMax: number): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'text' });
  const text = value.trim();
  const min = field.validation?.min_length;
  const max = Math.min(field.validation?.max_length ?? defaultMax, MAX_TEXT_LENGTH);
  if (min !== undefined && text.length < min) return failAnswer('too_short', { min });
  if (text.length > max) return failAnswer('too_long', { max });
  return passAnswer(text);
}

// Numbers may arrive as JSON numbers or as the plain decimal strings form inputs produce.
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,20}(?:\.\d{1,20})?\s*$/.test(value)) return Number(value);
  return undefined;
}

function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const decimals = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, decimals - Number(exponent));
}

function rangeErrors(field: AnswerField, n: number): AnswerError[] {
  const { min, max } = field.validation ?? {};
  if (min !== undefined && n < min) return [answerError('too_small', { min })];
  if (max !== undefined && n > max) return [answerError('too_large', { max })];
  return [];
}

function validateNumber(field: AnswerField, value: unknown): AnswerResult {
  const n = toNumber(value);
  if (n === undefined) return failAnswer('invalid_type', { expected: 'a number' });
  if (field.type === 'integer' && !Number.isSafeInteger(n)) return failAnswer('not_integer');
  const places = field.type === 'decimal' ? field.validation?.decimal_places : undefined;
  if (places !== undefined && decimalPlaces(n) > places)
    return failAnswer('too_many_decimals', { max: places });
  const errors = rangeErrors(field, n);
  return errors.length > 0 ? { ok: false, errors } : passAnswer(n);
}

function validateCurrency(field: AnswerField, value: unknown): AnswerResult {
  if (!isRecord(value)) return failAnswer('invalid_type', { expected: 'an amount and a currency' });
  const amount = toNumber(value.amount);
  if (amount === undefined) return failAnswer('invalid_type', { expected: 'an amount' });
  const currency = typeof value.currency === 'string' ? value.currency.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(currency)) return failAnswer('invalid_currency');
  const allowed = field.validation?.currencies;
  if (allowed && !allowed.includes(currency))
    return failAnswer('currency_not_allowed', { allowed: allowed.join(', ') });
  const places = field.validation?.decimal_places ?? DEFAULT_CURRENCY_DECIMALS;
  if (decimalPlaces(amount) > places) return failAnswer('too_many_decimals', { max: places });
  const errors = rangeErrors(field, amount);
  return errors.length > 0 ? { ok: false, errors } : passAnswer({ amount, currency });
}

function validateSlider(field: AnswerField, value: unknown): AnswerResult {
  const result = validateNumber(field, value);
  const step = field.validation?.step;
  if (!result.ok || step === undefined || typeof result.value !== 'number') return result;
  const offset = (result.value - (field.validation?.min ?? 0)) / step;
  // Tolerate binary rounding: 0.3 is 3 steps of 0.1 even though 0.3 / 0.1 is 2.9999999999999996.
  return Math.abs(offset - Math.round(offset)) < 1e-9 ? result : failAnswer('not_on_step', { step });
}

function validateRating(field: AnswerField, value: unknown): AnswerResult {
  const max = Math.min(field.validation?.max ?? DEFAULT_RATING_MAX, MAX_RATING);
  const n = toNumber(value);
  if (n === undefined || !Number.isInteger(n)) return failAnswer('invalid_type', { expected: 'a rating' });
  if (n < 1) return failAnswer('too_small', { min: 1 });
  if (n > max) return failAnswer('too_large', { max });
  return passAnswer(n);
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(text);
}

function dateBounds(field: AnswerField, day: string): AnswerResult | undefined {
  const { min_date: min, max_date: max } = field.validation ?? {};
  if (min !== undefined && day < min) return failAnswer('date_too_early', { min });
  if (max !== undefined && day > max) return failAnswer('date_too_late', { max });
  return undefined;
}

// naive_date: a calendar day with no time zone, stored as YYYY-MM-DD.
function validateNaiveDate(field: AnswerField, value: unknown): AnswerResult {
  if (typeof value !== 'string' || !isCalendarDate(value.trim())) return failAnswer('invalid_date');
  const day = value.trim();
  return dateBounds(field, day) ?? passAnswer(day);
}

// date: an instant, sent as ISO 8601 with a zone (or a bare day, read as midnight UTC), stored in UTC.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
function validateDate(field: AnswerField, value: unknown): AnswerResult {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value.trim())) return failAnswer('invalid_date');
  const text = value.trim();
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time) || !isCalendarDate(text.slice(0, 10))) return failAnswer('invalid_date');
  const instant = new Date(time).toISOString();
  return dateBounds(field, instant.slice(0, 10)) ?? passAnswer(instant);
}

// Spec 1 §5 period format: an optional minus, a number, then one unit letter (m h d w M).
function validateRelativeDate(value: unknown): AnswerResult {
  const match = typeof value === 'string' ? /^(-?)(\d{1,6})([mhdwM])$/.exec(value.trim()) : null;
  if (!match) return failAnswer('invalid_relative_date');
  const unit = match[3] as keyof typeof RELATIVE_PERIOD_MAX;
  const max = RELATIVE_PERIOD_MAX[unit];
  if (Number(match[2]) > max) return failAnswer('relative_date_too_large', { max, unit });
  return passAnswer(`${match[1]}${Number(match[2])}${unit}`);
}

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
function validateEmail(value: unknown): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'an e-mail address' });
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email) || email.includes('..'))
    return failAnswer('invalid_email');
  // The domain is case-insensitive; the local part is kept as typed.
  const at = email.lastIndexOf('@');
  return passAnswer(email.slice(0, at + 1) + email.slice(at + 1).toLowerCase());
}

function validateUrl(value: unknown): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'a web address' });
  const url = value.trim();
  if (url.length > URL_MAX_LENGTH || url === BARE_HTTPS_PREFIX || !isValidUrl(url))
    return failAnswer('invalid_url');
  return passAnswer(url);
}

// E.164: a plus, a country code not starting with 0, at most 15 digits. Spaces, dots, dashes and
// brackets people type are dropped, and an international 00 prefix becomes a plus.
function validatePhone(value: unknown): AnswerResult {
  if (typeof value !== 'string' || value.length > 40) return failAnswer('invalid_phone');
  const compact = value.replace(/[\s().-]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? passAnswer(compact) : failAnswer('invalid_phone');
}

function toId(value: unknown): number | undefined {
  const n = toNumber(value);
  return n !== undefined && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

function validateId(value: unknown): AnswerResult {
  const id = toId(value);
  return id === undefined ? failAnswer('invalid_id') : passAnswer(id);
}

function validateIds(value: unknown): AnswerResult {
  if (!Array.isArray(value)) return failAnswer('invalid_type', { expected: 'a list of records' });
  if (value.length > MAX_CHILD_WORKFLOWS) return failAnswer('too_many_items', { max: MAX_CHILD_WORKFLOWS });
  const ids = value.map(toId);
  if (ids.some((id) => id === undefined)) return failAnswer('invalid_id');
  return passAnswer([...new Set(ids)]);
}

// Spec 2 §5: JSON editors hand over a string; an object or array is taken as it is.
function validateJson(field: AnswerField, value: unknown): AnswerResult {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.length > MAX_JSON_LENGTH) return failAnswer('json_too_large', { max: MAX_JSON_LENGTH });
    try {
      parsed = JSON.parse(value);
    } catch {
      return failAnswer('invalid_json');
    }
  }
  const text = JSON.stringify(parsed);
  if (text === undefined) return failAnswer('invalid_json');
  if (text.length > MAX_JSON_LENGTH) return failAnswer('json_too_large', { max: MAX_JSON_LENGTH });
  if (field.type === 'dynamic_group_json' && !(Array.isArray(parsed) && parsed.every(isRecord))) {
    return failAnswer('invalid_type', { expected: 'a list of groups' });
  }
  return passAnswer(parsed);
}

function validateArray(value: unknown): AnswerResult {
  if (!Array.isArray(value)) return failAnswer('invalid_type', { expected: 'a list' });
  if (value.length > MAX_ARRAY_ITEMS) return failAnswer('too_many_items', { max: MAX_ARRAY_ITEMS });
  const items = value.filter(
    (item) => typeof item === 'number' || (typeof item === 'string' && item.length <= 1000),
  );
  return items.length === value.length
    ? passAnswer(items)
    : failAnswer('invalid_type', { expected: 'a list of values' });
}

function validateTable(field: AnswerField, value: unknown): AnswerResult {
  if (!Array.isArray(value) || !value.every(isRecord))
    return failAnswer('invalid_type', { expected: 'rows' });
  const columns = 'columns' in field ? (field.columns ?? []) : [];
  const { min_rows: min, max_rows: max = DEFAULT_MAX_TABLE_ROWS } = field.validation ?? {};
  if (value.length > Math.min(max, MAX_TABLE_ROWS)) return failAnswer('too_many_rows', { max });
  if (min !== undefined && value.length < min) return failAnswer('too_few_rows', { min });
  const errors: AnswerError[] = [];
  const rows = value.map((row, index) => {
    const clean: Record<string, unknown> = {};
    for (const column of columns) {
      const result = validateAnswer(column, row[column.tag]);
      if (result.ok) clean[column.tag] = result.value;
      for (const error of result.ok ? [] : result.errors) {
        errors.push(
          answerError('invalid_cell', {
            row: index + 1,
            column: column.label,
            column_tag: column.tag,
            cell_code: error.code,
            detail: error.message,
          }),
        );
      }
    }
    return clean;
  });
  return errors.length > 0 ? { ok: false, errors } : passAnswer(rows);
}

function validateValue(field: AnswerField, value: unknown): AnswerResult {
  const type = field.type;
  if (isOneOf(type, SINGLE_FILE_FIELD_TYPES)) return validateFile(field, value);
  if (isOneOf(type, MULTI_FILE_FIELD_TYPES)) return validateFiles(field, value);
  switch (type) {
    case 'char_field':
    case 'text':
    case 'html':
      // html is stored as sent and sanitised where it is rendered, never trusted here.
      return validateText(field, value, DEFAULT_MAX_LENGTH[type]);
    case 'integer':
    case 'decimal':
      return validateNumber(field, value);
    case 'currency':
      return validateCurrency(field, value);
    case 'slider':
      return validateSlider(field, value);
    case 'rating':
      return validateRating(field, value);
    case 'single_select':
    case 'radio':
      return validateSingleOption(field, value);
    case 'multi_select':
    case 'grouped_checkbox':
      return validateMultiOption(field, value);
    case 'cascader':
      return validateCascader(field, value);
    case 'country_single_select':
      return validateCountry(field, value);
    case 'country_multi_select':
      return validateCountries(field, value);
    case 'badge_tags':
      return validateBadgeTags(field, value);
    case 'bool':
    case 'checkbox':
      return typeof value === 'boolean'
        ? passAnswer(value)
        : failAnswer('invalid_type', { expected: 'yes or no' });
    case 'date':
      return validateDate(field, value);
    case 'naive_date':
      return validateNaiveDate(field, value);
    case 'relative_date':
      return validateRelativeDate(value);
    case 'email':
      return validateEmail(value);
    case 'url':
      return validateUrl(value);
    case 'phone':
      return validatePhone(value);
    case 'region':
    case 'business_unit':
    case 'owner':
    case 'user_workflow':
    case 'data_object':
      // Whether the record exists and the user may see it is the server's check.
      return validateId(value);
    case 'child_workflow':
      return validateIds(value);
    case 'json':
    case 'dynamic_group_json':
      return validateJson(field, value);
    case 'array':
      return validateArray(value);
    case 'table':
      return validateTable(field, value);
    default:
      return failAnswer('not_answerable');
  }
}

// One answer checked against its field, for the web app while typing and for the server on save.
// An empty answer is null (or a required error); anything else comes back normalised for storage.
export function validateAnswer(field: AnswerField, value: unknown): AnswerResult {
  if (!isAnswerable(field.type))
    return isEmptyAnswer(value) ? passAnswer(null) : failAnswer('not_answerable');
  // An untouched URL input holds the bare prefix (spec 1 §5): that is no answer, not a bad one.
  const empty = isEmptyAnswer(value) || (field.type === 'url' && value === BARE_HTTPS_PREFIX);
  if (empty) return field.required ? failAnswer('required') : passAnswer(null);
  // A required checkbox is a consent: only a tick answers it.
  if (field.type === 'checkbox' && field.required && value === false) return failAnswer('must_be_checked');
  return validateValue(field, value);
}
