import { type AnswerError, type AnswerResult, answerError, failAnswer, passAnswer } from './answer-errors.js';
import { isCountryCode } from './countries.js';
import { type AnswerField, type CascaderOption, MAX_FIELD_OPTIONS } from './field-schema.js';

export const MAX_BADGE_TAGS = 20;
export const BADGE_TAG_MAX_LENGTH = 50;

function stringList(value: unknown, limit: number): string[] | undefined {
  if (!Array.isArray(value) || value.length > limit) return undefined;
  return value.every((item) => typeof item === 'string')
    ? value.map((item: string) => item.trim())
    : undefined;
}

// A list answer: each item checked by `check`, no repeats, within min and max selections.
function selections(field: AnswerField, items: string[], check: (item: string) => AnswerError | undefined) {
  const errors: AnswerError[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const error = check(item);
    if (error) errors.push(error);
    else if (seen.has(item)) errors.push(answerError('duplicate_option', { value: item }));
    seen.add(item);
  }
  const { min_selections: min, max_selections: max } = field.validation ?? {};
  if (min !== undefined && items.length < min) errors.push(answerError('too_few_selections', { min }));
  if (max !== undefined && items.length > max) errors.push(answerError('too_many_selections', { max }));
  return errors.length > 0 ? ({ ok: false, errors } as const) : passAnswer(items);
}

function optionCheck(field: AnswerField) {
  const values = new Set((field.options ?? []).map((option) => option.value));
  return (item: string) => (values.has(item) ? undefined : answerError('invalid_option', { value: item }));
}

export function validateSingleOption(field: AnswerField, value: unknown): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'one of the choices' });
  const error = optionCheck(field)(value);
  return error ? { ok: false, errors: [error] } : passAnswer(value);
}

export function validateMultiOption(field: AnswerField, value: unknown): AnswerResult {
  const items = stringList(value, MAX_FIELD_OPTIONS);
  if (!items) return failAnswer('invalid_type', { expected: 'a list of choices' });
  return selections(field, items, optionCheck(field));
}

function countryCheck(field: AnswerField) {
  const allowed = field.validation?.countries;
  return (item: string): AnswerError | undefined => {
    if (!isCountryCode(item)) return answerError('invalid_country', { value: item });
    if (allowed && !allowed.includes(item)) return answerError('country_not_allowed', { value: item });
    return undefined;
  };
}

// ISO 3166-1 alpha-2, stored upper-case whatever case the client sent.
export function validateCountry(field: AnswerField, value: unknown): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'a country' });
  const code = value.trim().toUpperCase();
  const error = countryCheck(field)(code);
  return error ? { ok: false, errors: [error] } : passAnswer(code);
}

export function validateCountries(field: AnswerField, value: unknown): AnswerResult {
  const items = stringList(value, 300);
  if (!items) return failAnswer('invalid_type', { expected: 'a list of countries' });
  return selections(
    field,
    items.map((item) => item.toUpperCase()),
    countryCheck(field),
  );
}

// Free tags unless the definition lists the allowed ones.
export function validateBadgeTags(field: AnswerField, value: unknown): AnswerResult {
  const limit = field.validation?.max_selections ?? MAX_BADGE_TAGS;
  const items = stringList(value, Math.max(limit, MAX_BADGE_TAGS) * 2);
  if (!items) return failAnswer('invalid_type', { expected: 'a list of tags' });
  const options = field.options ? optionCheck(field) : undefined;
  const bounded = { ...field, validation: { ...field.validation, max_selections: limit } };
  return selections(bounded, items, (item) => {
    if (item.length === 0) return answerError('invalid_type', { expected: 'a tag' });
    if (item.length > BADGE_TAG_MAX_LENGTH) return answerError('too_long', { max: BADGE_TAG_MAX_LENGTH });
    return options?.(item);
  });
}

// A cascader answer is the path of values from a top option down to a leaf.
export function validateCascader(field: AnswerField, value: unknown): AnswerResult {
  const path = stringList(value, 10);
  if (!path) return failAnswer('invalid_type', { expected: 'a choice' });
  let level: readonly CascaderOption[] | undefined = field.cascader_options ?? [];
  for (const item of path) {
    const option: CascaderOption | undefined = level?.find((candidate) => candidate.value === item);
    if (!option) return failAnswer('invalid_option', { value: item });
    level = option.children;
  }
  // Stopping half-way is not an answer: the last value must be a leaf.
  if (level !== undefined) return failAnswer('invalid_option', { value: path.join(' / ') });
  return passAnswer(path);
}
