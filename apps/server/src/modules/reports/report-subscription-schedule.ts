import type { ReportSchedule } from '@attest/shared';

// When a report subscription next runs: the first moment after `after` whose wall-clock time in
// the schedule's time zone is its time of day, on a day the frequency names. Read in the zone, so
// 08:00 Berlin stays 08:00 Berlin across daylight saving time. A time that does not exist on a
// spring-forward day (02:30) runs when the clock has moved on (03:30); a time that happens twice on
// a fall-back day runs the first time.

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// The zone's wall clock at an instant.
export function wallClockAt(timeZone: string, at: number): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

// How far the zone's clock is ahead of UTC at an instant, in milliseconds.
function offsetAt(timeZone: string, at: number): number {
  const wall = wallClockAt(timeZone, at);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

// The instant a wall-clock time happens in a zone (see the rules at the top for gaps and overlaps).
export function instantOf(timeZone: string, wall: WallClock): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets in force a day either side cover every transition a zone makes in a day.
  const before = offsetAt(timeZone, naive - 86_400_000);
  const after = offsetAt(timeZone, naive + 86_400_000);
  const matches = [naive - before, naive - after].filter((candidate) => {
    const seen = wallClockAt(timeZone, candidate);
    return seen.day === wall.day && seen.hour === wall.hour && seen.minute === wall.minute;
  });
  if (matches.length > 0) return Math.min(...matches);
  // In the gap: the clock reading the offset before would have given, had it not jumped.
  return naive - before;
}

function runsOn(schedule: ReportSchedule, date: Date): boolean {
  if (schedule.frequency === 'weekly') return (date.getUTCDay() || 7) === schedule.weekday;
  if (schedule.frequency === 'monthly') return date.getUTCDate() === schedule.day_of_month;
  return true;
}

export function nextRunAfter(schedule: ReportSchedule, after: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const today = wallClockAt(schedule.time_zone, after.getTime());
  // A month's day 28 is at most 31 days away; one more day covers the zone's date being behind.
  for (let i = 0; i <= 32; i += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    if (!runsOn(schedule, date)) continue;
    const at = instantOf(schedule.time_zone, {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
      minute,
    });
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error(`No run of the schedule within 32 days of ${after.toISOString()}`);
}
