import { MAX_JSON_DEPTH } from '../validators/input-limits.js';
import { nestsDeeperThan } from '../validators/nesting.js';
import { isRecord } from '../validators/unknown-values.js';
import { BARE_HTTPS_PREFIX } from '../validators/url.js';
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
import {
  validateCurrency,
  validateId,
  validateIds,
  validateNumber,
  validateRating,
  validateSlider,
} from './answer-validation-numbers.js';
import {
  DEFAULT_MAX_LENGTH,
  validateDate,
  validateEmail,
  validateNaiveDate,
  validatePhone,
  validateRelativeDate,
  validateText,
  validateUrl,
} from './answer-validation-text.js';
import { isEmptyAnswer } from './answers.js';
import { type AnswerField, MAX_TABLE_ROWS } from './field-schema.js';
import { isAnswerable, isOneOf, MULTI_FILE_FIELD_TYPES, SINGLE_FILE_FIELD_TYPES } from './field-types.js';

export const MAX_ARRAY_ITEMS = 200;
export const MAX_JSON_LENGTH = 100_000;
export const DEFAULT_MAX_TABLE_ROWS = 100;

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
  // Issue 12: a JSON string is not bounded by the body parser's depth limit, and JSON.stringify of
  // a very deep value overflows the stack; measure it first, without recursion.
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) return failAnswer('json_too_deep', { max: MAX_JSON_DEPTH });
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
