import type { FieldDefinition } from '@attest/shared';
import { formatDay } from '../../../lib/format/date-time';
import { formatNumber } from '../../../lib/format/number';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const MAX_TEXT = 80;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const COUNTRY_TYPES = new Set(['country_single_select', 'country_multi_select']);
const DAY_TYPES = new Set(['date', 'naive_date']);

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

// One answer as a short phrase for the activity log: option labels, country names, file names,
// amounts; never a blob.
export function answerText(
  value: unknown,
  field: FieldDefinition | undefined,
  t: Translate,
  locale = 'en',
): string {
  if (value === null || value === undefined || value === '') return t('process.activity.emptyValue');
  if (typeof value === 'boolean') return value ? t('process.activity.yes') : t('process.activity.no');
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value === 'string') {
    if (field && DAY_TYPES.has(field.type)) return formatDay(value, locale);
    const option = field?.options?.find((o) => o.value === value);
    if (option) return clip(option.label);
    return clip(field && COUNTRY_TYPES.has(field.type) ? countryName(value, locale) : value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return t('process.activity.emptyValue');
    return clip(value.map((item) => answerText(item, field, t, locale)).join(', '));
  }
  if (isRecord(value)) {
    if (typeof value.name === 'string') return clip(value.name);
    if (typeof value.amount === 'number' && typeof value.currency === 'string') {
      return `${formatNumber(value.amount, locale)} ${value.currency}`;
    }
    if (typeof value.label === 'string') return clip(value.label);
  }
  return clip(JSON.stringify(value));
}
