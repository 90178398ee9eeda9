import type { ReportSubscription } from '@attest/shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// ISO weekday (1 = Monday) in the reader's language; 1 January 2024 was a Monday.
export function weekdayName(isoWeekday: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoWeekday)),
  );
}

// The IANA zones the browser knows, with UTC and the current choice always among them.
export function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])];
}

// "Every Monday at 08:00 (Europe/Berlin)".
export function scheduleText(
  s: Pick<ReportSubscription, 'frequency' | 'time' | 'weekday' | 'day_of_month' | 'time_zone'>,
  t: Translate,
  language: string,
): string {
  const when =
    s.frequency === 'weekly'
      ? t('reports.subscription.summary.weekly', {
          weekday: weekdayName(s.weekday ?? 1, language),
          time: s.time,
        })
      : s.frequency === 'monthly'
        ? t('reports.subscription.summary.monthly', { day: s.day_of_month, time: s.time })
        : t('reports.subscription.summary.daily', { time: s.time });
  return `${when} (${s.time_zone})`;
}
