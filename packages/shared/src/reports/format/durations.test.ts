import { describe, expect, it } from 'vitest';
import { formatDuration, splitDuration } from './durations.js';

describe('durations show as days and hours, hours and minutes, minutes and seconds, or seconds (spec 2 §9.1)', () => {
  it('days and hours from one day', () => {
    expect(formatDuration(86_400)).toBe('1d 0h');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 59 * 60)).toBe('2d 3h');
  });

  it('hours and minutes from one hour', () => {
    expect(formatDuration(3600)).toBe('1h 0m');
    expect(formatDuration(5 * 3600 + 7 * 60 + 30)).toBe('5h 7m');
  });

  it('minutes and seconds from one minute', () => {
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(125)).toBe('2m 5s');
  });

  it('seconds under a minute', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(-42)).toBe('-42s');
  });

  it('takes translated unit suffixes', () => {
    expect(formatDuration(90_000, { day: ' j', hour: ' h', minute: ' min', second: ' s' })).toBe('1 j 1 h');
    expect(splitDuration(3725)).toEqual({ unit: 'hours-minutes', hours: 1, minutes: 2 });
  });
});
