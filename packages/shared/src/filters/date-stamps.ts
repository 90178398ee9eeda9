import { type Period, parsePeriod } from './relative-time.js';

// Spec 1 §5 and §9: absolute date-range values are start-of-day UTC stamps with six fractional
// digits ('2026-11-22T00:00:00.000000Z'), which Postgres reads at its microsecond precision.
export function toFilterStamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

// A day ('2026-11-22' or any instant of it) as the stamp of its start in UTC; null when unreadable.
export function startOfDayStamp(day: string | Date): string | null {
  const date = typeof day === 'string' ? parseFilterDate(day) : day;
  if (!date) return null;
  return toFilterStamp(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())));
}

export function endOfDayStamp(day: string | Date): string | null {
  const date = typeof day === 'string' ? parseFilterDate(day) : day;
  if (!date) return null;
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1) - 1;
  return toFilterStamp(new Date(end)).replace(/\.(\d{3})000Z$/, '.$1999Z');
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

// A filter date value: a day (read as midnight UTC) or an ISO instant with a zone.
export function parseFilterDate(text: string): Date | null {
  const trimmed = text.trim();
  if (!DAY.test(trimmed) && !INSTANT.test(trimmed)) return null;
  // Date.parse keeps milliseconds only; a stamp's microseconds are cut, never rounded up a day.
  const time = Date.parse(DAY.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed.replace(/(\.\d{3})\d+/, '$1'));
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  // 2026-02-30 parses to March; refuse it.
  if (DAY.test(trimmed) && date.toISOString().slice(0, 10) !== trimmed) return null;
  return date;
}

function shift(now: Date, period: Period): Date {
  const back = new Date(now.getTime());
  const n = -period.amount;
  switch (period.unit) {
    case 'm':
      back.setUTCMinutes(back.getUTCMinutes() + n);
      break;
    case 'h':
      back.setUTCHours(back.getUTCHours() + n);
      break;
    case 'd':
      back.setUTCDate(back.getUTCDate() + n);
      break;
    case 'w':
      back.setUTCDate(back.getUTCDate() + 7 * n);
      break;
    case 'M':
      back.setUTCMonth(back.getUTCMonth() + n);
      break;
  }
  return back;
}

// 'Is within last' is sent as a range (spec 1 §3). Spec 1 §5: relative ranges in days, weeks and
// months have whole-day lower and upper ends (the start of the first day, the end of today);
// minutes and hours run from exactly that long ago to now.
// 'Is within next': from now to the end of the day the period ends on (days, weeks, months: from
// the start of today), or exactly that long ahead for minutes and hours.
export function withinNextToRange(period: string, now: Date = new Date()): [string, string] | null {
  const parsed = parsePeriod(period);
  if (!parsed || parsed.amount < 0) return null;
  const to = shift(now, { ...parsed, amount: -parsed.amount });
  if (parsed.unit === 'm' || parsed.unit === 'h') return [toFilterStamp(now), toFilterStamp(to)];
  const lower = startOfDayStamp(now);
  const upper = endOfDayStamp(to);
  return lower && upper ? [lower, upper] : null;
}

export function withinLastToRange(period: string, now: Date = new Date()): [string, string] | null {
  const parsed = parsePeriod(period);
  if (!parsed || parsed.amount < 0) return null;
  const from = shift(now, parsed);
  if (parsed.unit === 'm' || parsed.unit === 'h') return [toFilterStamp(from), toFilterStamp(now)];
  const lower = startOfDayStamp(from);
  const upper = endOfDayStamp(now);
  return lower && upper ? [lower, upper] : null;
}
