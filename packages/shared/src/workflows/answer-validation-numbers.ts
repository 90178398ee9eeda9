import { isRecord } from '../validators/unknown-values.js';
import { type AnswerError, type AnswerResult, answerError, failAnswer, passAnswer } from './answer-errors.js';
import type { AnswerField } from './field-schema.js';

export const DEFAULT_CURRENCY_DECIMALS = 2;
export const DEFAULT_RATING_MAX = 5;
export const MAX_RATING = 10;
export const MAX_CHILD_WORKFLOWS = 100;

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

export function validateNumber(field: AnswerField, value: unknown): AnswerResult {
  const n = toNumber(value);
  if (n === undefined) return failAnswer('invalid_type', { expected: 'a number' });
  if (field.type === 'integer' && !Number.isSafeInteger(n)) return failAnswer('not_integer');
  const places = field.type === 'decimal' ? field.validation?.decimal_places : undefined;
  if (places !== undefined && decimalPlaces(n) > places)
    return failAnswer('too_many_decimals', { max: places });
  const errors = rangeErrors(field, n);
  return errors.length > 0 ? { ok: false, errors } : passAnswer(n);
}

export function validateCurrency(field: AnswerField, value: unknown): AnswerResult {
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

export function validateSlider(field: AnswerField, value: unknown): AnswerResult {
  const result = validateNumber(field, value);
  const step = field.validation?.step;
  if (!result.ok || step === undefined || typeof result.value !== 'number') return result;
  const offset = (result.value - (field.validation?.min ?? 0)) / step;
  // Tolerate binary rounding: 0.3 is 3 steps of 0.1 even though 0.3 / 0.1 is 2.9999999999999996.
  return Math.abs(offset - Math.round(offset)) < 1e-9 ? result : failAnswer('not_on_step', { step });
}

export function validateRating(field: AnswerField, value: unknown): AnswerResult {
  const max = Math.min(field.validation?.max ?? DEFAULT_RATING_MAX, MAX_RATING);
  const n = toNumber(value);
  if (n === undefined || !Number.isInteger(n)) return failAnswer('invalid_type', { expected: 'a rating' });
  if (n < 1) return failAnswer('too_small', { min: 1 });
  if (n > max) return failAnswer('too_large', { max });
  return passAnswer(n);
}

function toId(value: unknown): number | undefined {
  const n = toNumber(value);
  return n !== undefined && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

export function validateId(value: unknown): AnswerResult {
  const id = toId(value);
  return id === undefined ? failAnswer('invalid_id') : passAnswer(id);
}

export function validateIds(value: unknown): AnswerResult {
  if (!Array.isArray(value)) return failAnswer('invalid_type', { expected: 'a list of records' });
  if (value.length > MAX_CHILD_WORKFLOWS) return failAnswer('too_many_items', { max: MAX_CHILD_WORKFLOWS });
  const ids = value.map(toId);
  if (ids.some((id) => id === undefined)) return failAnswer('invalid_id');
  return passAnswer([...new Set(ids)]);
}
