import { BARE_HTTPS_PREFIX, isValidUrl, URL_MAX_LENGTH } from '../validators/url.js';
import { type AnswerResult, failAnswer, passAnswer } from './answer-errors.js';
import { type AnswerField, MAX_TEXT_LENGTH } from './field-schema.js';

// Lengths when the definition sets none: a line, a long text, rich text.
export const DEFAULT_MAX_LENGTH = { char_field: 255, text: 10_000, html: MAX_TEXT_LENGTH } as const;
export const EMAIL_MAX_LENGTH = 254;
// Our choice for spec 1 §5's per-unit limits of a relative period, which the spec does not give:
// a day of minutes, a year of hours, ten years of days, weeks and months.
export const RELATIVE_PERIOD_MAX = { m: 1440, h: 8760, d: 3650, w: 520, M: 120 } as const;

export function validateText(field: AnswerField, value: unknown, defaultMax: number): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'text' });
  const text = value.trim();
  const min = field.validation?.min_length;
  const max = Math.min(field.validation?.max_length ?? defaultMax, MAX_TEXT_LENGTH);
  if (min !== undefined && text.length < min) return failAnswer('too_short', { min });
  if (text.length > max) return failAnswer('too_long', { max });
  return passAnswer(text);
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
export function validateNaiveDate(field: AnswerField, value: unknown): AnswerResult {
  if (typeof value !== 'string' || !isCalendarDate(value.trim())) return failAnswer('invalid_date');
  const day = value.trim();
  return dateBounds(field, day) ?? passAnswer(day);
}

// date: an instant, sent as ISO 8601 with a zone (or a bare day, read as midnight UTC), stored in UTC.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
export function validateDate(field: AnswerField, value: unknown): AnswerResult {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value.trim())) return failAnswer('invalid_date');
  const text = value.trim();
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time) || !isCalendarDate(text.slice(0, 10))) return failAnswer('invalid_date');
  const instant = new Date(time).toISOString();
  return dateBounds(field, instant.slice(0, 10)) ?? passAnswer(instant);
}

// Spec 1 §5 period format: an optional minus, a number, then one unit letter (m h d w M).
export function validateRelativeDate(value: unknown): AnswerResult {
  const match = typeof value === 'string' ? /^(-?)(\d{1,6})([mhdwM])$/.exec(value.trim()) : null;
  if (!match) return failAnswer('invalid_relative_date');
  const unit = match[3] as keyof typeof RELATIVE_PERIOD_MAX;
  const max = RELATIVE_PERIOD_MAX[unit];
  if (Number(match[2]) > max) return failAnswer('relative_date_too_large', { max, unit });
  return passAnswer(`${match[1]}${Number(match[2])}${unit}`);
}

// The practical subset of RFC 5321 people type: no quoted local parts, no IP-literal domains, and
// no dot at either end of the local part or twice in a row.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export function validateEmail(value: unknown): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'an e-mail address' });
  const email = value.trim();
  const local = email.slice(0, email.lastIndexOf('@'));
  if (email.length > EMAIL_MAX_LENGTH || local.length > 64 || !EMAIL.test(email))
    return failAnswer('invalid_email');
  // The domain is case-insensitive; the local part is kept as typed.
  const at = email.lastIndexOf('@');
  return passAnswer(email.slice(0, at + 1) + email.slice(at + 1).toLowerCase());
}

export function validateUrl(value: unknown): AnswerResult {
  if (typeof value !== 'string') return failAnswer('invalid_type', { expected: 'a web address' });
  const url = value.trim();
  if (url.length > URL_MAX_LENGTH || url === BARE_HTTPS_PREFIX || !isValidUrl(url))
    return failAnswer('invalid_url');
  return passAnswer(url);
}

// E.164: a plus, a country code not starting with 0, at most 15 digits. Spaces, dots, dashes and
// brackets people type are dropped, and an international 00 prefix becomes a plus.
export function validatePhone(value: unknown): AnswerResult {
  if (typeof value !== 'string' || value.length > 40) return failAnswer('invalid_phone');
  const compact = value.replace(/[\s().-]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? passAnswer(compact) : failAnswer('invalid_phone');
}
