// Spec 1 §9 relative-time thresholds: 60 s, 60 min, 24 h, 31 days, 12 months.
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 31 * DAY;
const YEAR = 12 * MONTH;

// '5 minutes ago' in the UI language, with the spec's thresholds between units.
export function relativeTime(value: string, now: Date, locale: string): string {
  const seconds = Math.round((Date.parse(value) - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (abs < MINUTE) return format.format(0, 'second');
  if (abs < HOUR) return format.format(Math.trunc(seconds / MINUTE), 'minute');
  if (abs < DAY) return format.format(Math.trunc(seconds / HOUR), 'hour');
  if (abs < MONTH) return format.format(Math.trunc(seconds / DAY), 'day');
  if (abs < YEAR) return format.format(Math.trunc(seconds / MONTH), 'month');
  return format.format(Math.trunc(seconds / YEAR), 'year');
}
