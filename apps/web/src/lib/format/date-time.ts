// The one place dates become text: Intl in the person's language (never a fixed 'MM/DD/YYYY'), in
// their time zone. Components take both from useDateFormat (the zone the person stored, given once by
// TimeZoneProvider); without a zone Intl uses the browser's.
export type DateFormatContext = { locale: string; timeZone?: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function instant(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(
  value: string | Date,
  { locale, timeZone }: DateFormatContext,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = instant(value);
  if (!date) return String(value);
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name must not blank the page: fall back to the browser's zone.
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

// '21 Dec 2026' / '21.12.2026': an instant's calendar day where the person is.
export function formatDate(value: string | Date, context: DateFormatContext): string {
  return format(value, context, { dateStyle: 'medium' });
}

// '21 Dec 2026, 14:05': an instant with its time.
export function formatDateTime(value: string | Date, context: DateFormatContext): string {
  return format(value, context, { dateStyle: 'medium', timeStyle: 'short' });
}

// The full form for tooltips: 'Monday 21 December 2026 at 14:05'.
export function formatFullDateTime(value: string | Date, context: DateFormatContext): string {
  return format(value, context, { dateStyle: 'full', timeStyle: 'short' });
}

// A calendar day answer ('2026-12-21' or a midnight-UTC instant): the same day for everyone, so it
// is read and shown in UTC whatever the person's zone.
export function formatDay(value: string, locale: string): string {
  const day = DAY.exec(value.slice(0, 10));
  if (!day) return value;
  const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return format(date, { locale, timeZone: 'UTC' }, { dateStyle: 'medium' });
}
