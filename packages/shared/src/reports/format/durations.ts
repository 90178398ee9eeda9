// Spec 2 §9.1: durations show as days and hours, hours and minutes, minutes and seconds, or seconds.
export type DurationParts =
  | { unit: 'days-hours'; days: number; hours: number }
  | { unit: 'hours-minutes'; hours: number; minutes: number }
  | { unit: 'minutes-seconds'; minutes: number; seconds: number }
  | { unit: 'seconds'; seconds: number };

export type DurationUnits = { day: string; hour: string; minute: string; second: string };
export const SHORT_DURATION_UNITS: DurationUnits = { day: 'd', hour: 'h', minute: 'm', second: 's' };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The largest unit that fits and the next one below it; seconds alone under a minute.
export function splitDuration(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s >= DAY) return { unit: 'days-hours', days: Math.floor(s / DAY), hours: Math.floor((s % DAY) / HOUR) };
  if (s >= HOUR) {
    return { unit: 'hours-minutes', hours: Math.floor(s / HOUR), minutes: Math.floor((s % HOUR) / MINUTE) };
  }
  if (s >= MINUTE) return { unit: 'minutes-seconds', minutes: Math.floor(s / MINUTE), seconds: s % MINUTE };
  return { unit: 'seconds', seconds: s };
}

// The web app passes translated unit suffixes; the default is the short English form ("2d 3h").
export function formatDuration(totalSeconds: number, units: DurationUnits = SHORT_DURATION_UNITS): string {
  const sign = totalSeconds < 0 ? '-' : '';
  const parts = splitDuration(Math.abs(totalSeconds));
  switch (parts.unit) {
    case 'days-hours':
      return `${sign}${parts.days}${units.day} ${parts.hours}${units.hour}`;
    case 'hours-minutes':
      return `${sign}${parts.hours}${units.hour} ${parts.minutes}${units.minute}`;
    case 'minutes-seconds':
      return `${sign}${parts.minutes}${units.minute} ${parts.seconds}${units.second}`;
    default:
      return `${sign}${parts.seconds}${units.second}`;
  }
}
