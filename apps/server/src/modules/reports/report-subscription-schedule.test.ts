import { type ReportSchedule, ReportScheduleSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './report-subscription-schedule.js';

function schedule(input: Partial<ReportSchedule> & Pick<ReportSchedule, 'frequency'>): ReportSchedule {
  return ReportScheduleSchema.parse({
    time: '08:00',
    weekday: null,
    day_of_month: null,
    time_zone: 'UTC',
    ...input,
  });
}

const next = (s: ReportSchedule, after: string) => nextRunAfter(s, new Date(after)).toISOString();

describe('nextRunAfter', () => {
  it('runs daily at the time of day in the zone, later today or else tomorrow', () => {
    const daily = schedule({ frequency: 'daily', time: '08:00', time_zone: 'Europe/Berlin' });
    // Winter: Berlin is UTC+1.
    expect(next(daily, '2026-01-10T06:00:00Z')).toBe('2026-01-10T07:00:00.000Z');
    // Exactly at the run: the next one is tomorrow.
    expect(next(daily, '2026-01-10T07:00:00Z')).toBe('2026-01-11T07:00:00.000Z');
    // Summer: UTC+2.
    expect(next(daily, '2026-07-10T07:00:00Z')).toBe('2026-07-11T06:00:00.000Z');
  });

  it('keeps the wall-clock time across daylight saving time in Berlin and New York', () => {
    const berlin = schedule({ frequency: 'daily', time: '08:00', time_zone: 'Europe/Berlin' });
    // Clocks go forward on 29 March 2026: 08:00 is 07:00Z the day before and 06:00Z that day.
    expect(next(berlin, '2026-03-28T07:30:00Z')).toBe('2026-03-29T06:00:00.000Z');
    // Back on 25 October.
    expect(next(berlin, '2026-10-24T06:30:00Z')).toBe('2026-10-25T07:00:00.000Z');

    const newYork = schedule({ frequency: 'daily', time: '09:15', time_zone: 'America/New_York' });
    // Forward on 8 March 2026 (EST -5 to EDT -4).
    expect(next(newYork, '2026-03-07T15:00:00Z')).toBe('2026-03-08T13:15:00.000Z');
    // Back on 1 November 2026.
    expect(next(newYork, '2026-10-31T14:00:00Z')).toBe('2026-11-01T14:15:00.000Z');
  });

  it('runs a time the spring-forward jump skips once the clock has moved on, and a repeated time once', () => {
    const gap = schedule({ frequency: 'daily', time: '02:30', time_zone: 'Europe/Berlin' });
    // 02:30 does not exist on 29 March: 03:30 CEST, 01:30Z.
    expect(next(gap, '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October: the first (CEST, 00:30Z), and not again at 01:30Z.
    expect(next(gap, '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    expect(next(gap, '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
  });

  it('runs weekly on its ISO weekday, in the zone the weekday is read in', () => {
    // 2026-01-05 is a Monday.
    const monday = schedule({ frequency: 'weekly', weekday: 1, time: '07:00', time_zone: 'UTC' });
    expect(next(monday, '2026-01-05T06:59:00Z')).toBe('2026-01-05T07:00:00.000Z');
    expect(next(monday, '2026-01-05T07:00:00Z')).toBe('2026-01-12T07:00:00.000Z');
    const sunday = schedule({
      frequency: 'weekly',
      weekday: 7,
      time: '23:30',
      time_zone: 'America/New_York',
    });
    // Sunday 23:30 in New York is Monday 04:30Z.
    expect(next(sunday, '2026-01-05T00:00:00Z')).toBe('2026-01-05T04:30:00.000Z');
    // Tokyo's Monday 06:00 is Sunday 21:00Z.
    const tokyo = schedule({ frequency: 'weekly', weekday: 1, time: '06:00', time_zone: 'Asia/Tokyo' });
    expect(next(tokyo, '2026-01-04T12:00:00Z')).toBe('2026-01-04T21:00:00.000Z');
  });

  it('runs monthly on its day, across month and year ends', () => {
    const on28 = schedule({ frequency: 'monthly', day_of_month: 28, time: '18:00', time_zone: 'UTC' });
    expect(next(on28, '2026-01-28T18:00:00Z')).toBe('2026-02-28T18:00:00.000Z');
    expect(next(on28, '2026-02-28T18:00:01Z')).toBe('2026-03-28T18:00:00.000Z');
    const first = schedule({
      frequency: 'monthly',
      day_of_month: 1,
      time: '00:00',
      time_zone: 'Europe/Berlin',
    });
    // Midnight of 1 January in Berlin is 23:00Z on 31 December.
    expect(next(first, '2026-12-15T00:00:00Z')).toBe('2026-12-31T23:00:00.000Z');
    expect(next(first, '2026-12-31T23:00:00Z')).toBe('2027-01-31T23:00:00.000Z');
  });
});
