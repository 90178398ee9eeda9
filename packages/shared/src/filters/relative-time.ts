// Spec 1 §5 relative time for 'is within last': the amount a person types is digits only, and each
// unit has a maximum. Our limits (the spec does not show them): one year in minutes or hours, ten
// years in days, weeks or months.
export const PERIOD_UNITS = ['m', 'h', 'd', 'w', 'M'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

export const FILTER_PERIOD_MAX: Record<PeriodUnit, number> = {
  m: 525_600,
  h: 8_760,
  d: 3_650,
  w: 520,
  M: 120,
};

export const RELATIVE_TIME_ERROR_KEYS = [
  'negativeNumberNotAllowed',
  'decimalNumberNotAllowed',
  'onlyDigitsAllowed',
  'maxLimitForMinute',
  'maxLimitForHours',
  'maxLimitForDays',
  'maxLimitForWeeks',
  'maxLimitForMonths',
] as const;
export type RelativeTimeErrorKey = (typeof RELATIVE_TIME_ERROR_KEYS)[number];

const MAX_LIMIT_KEY: Record<PeriodUnit, RelativeTimeErrorKey> = {
  m: 'maxLimitForMinute',
  h: 'maxLimitForHours',
  d: 'maxLimitForDays',
  w: 'maxLimitForWeeks',
  M: 'maxLimitForMonths',
};

export type RelativeAmountProblem = { key: RelativeTimeErrorKey; params?: { max: number } };

// The amount typed in the 'is within last' box. Empty is not judged here (the condition's value
// is then missing). The order matters: '-1.5' is reported as negative, as the person typed a minus.
export function relativeAmountProblem(amount: string, unit: PeriodUnit): RelativeAmountProblem | null {
  const text = amount.trim();
  if (text === '') return null;
  if (text.includes('-')) return { key: 'negativeNumberNotAllowed' };
  if (text.includes('.') || text.includes(',')) return { key: 'decimalNumberNotAllowed' };
  if (!/^\d+$/.test(text)) return { key: 'onlyDigitsAllowed' };
  const max = FILTER_PERIOD_MAX[unit];
  if (Number(text) > max) return { key: MAX_LIMIT_KEY[unit], params: { max } };
  return null;
}

export type Period = { amount: number; unit: PeriodUnit };

// Spec 1 §5 period format: an optional minus, a number, then a single letter.
const PERIOD_PATTERN = /^(-?)(\d{1,9})([mhdwM])$/;

export function parsePeriod(text: string): Period | null {
  const match = PERIOD_PATTERN.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
  return { amount, unit: match[3] as PeriodUnit };
}

export function formatPeriod(period: Period): string {
  return `${period.amount}${period.unit}`;
}

// The problem of a whole period value ('30d') of an is_within_last condition, or null.
export function periodProblem(value: unknown): RelativeAmountProblem | { key: 'invalidPeriod' } | null {
  if (typeof value !== 'string') return { key: 'invalidPeriod' };
  const match = /^(.*?)([mhdwM])$/.exec(value.trim());
  if (!match) return { key: 'invalidPeriod' };
  const amountProblem = relativeAmountProblem(match[1] ?? '', match[2] as PeriodUnit);
  if (amountProblem) return amountProblem;
  return parsePeriod(value) ? null : { key: 'invalidPeriod' };
}
