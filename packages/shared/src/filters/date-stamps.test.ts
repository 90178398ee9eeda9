import { describe, expect, it } from 'vitest';
import {
  endOfDayStamp,
  parseFilterDate,
  startOfDayStamp,
  toFilterStamp,
  withinLastToRange,
  withinNextToRange,
} from './date-stamps.js';
import { formatPeriod, parsePeriod, relativeAmountProblem } from './relative-time.js';

describe('filter dates (spec 1 §5, §9)', () => {
  it('sends absolute days as start-of-day UTC stamps with six fractional digits', () => {
    expect(startOfDayStamp('2026-11-22')).toBe('2026-11-22T00:00:00.000000Z');
    expect(startOfDayStamp('2026-11-22T23:30:00+00:00')).toBe('2026-11-22T00:00:00.000000Z');
    expect(endOfDayStamp('2026-11-22')).toBe('2026-11-22T23:59:59.999999Z');
    expect(toFilterStamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678000Z');
    expect(startOfDayStamp('22/11/2026')).toBeNull();
    expect(parseFilterDate('2026-02-29')).toBeNull();
    expect(parseFilterDate('2026-11-22T10:00:00.123456Z')?.toISOString()).toBe('2026-11-22T10:00:00.123Z');
  });

  it("turns 'is within last' into a range: whole days for d w M, exact for m h", () => {
    const now = new Date('2026-11-22T10:15:00.000Z');
    expect(withinLastToRange('30m', now)).toEqual([
      '2026-11-22T09:45:00.000000Z',
      '2026-11-22T10:15:00.000000Z',
    ]);
    expect(withinLastToRange('2h', now)).toEqual([
      '2026-11-22T08:15:00.000000Z',
      '2026-11-22T10:15:00.000000Z',
    ]);
    expect(withinLastToRange('7d', now)).toEqual([
      '2026-11-15T00:00:00.000000Z',
      '2026-11-22T23:59:59.999999Z',
    ]);
    expect(withinLastToRange('1w', now)?.[0]).toBe('2026-11-15T00:00:00.000000Z');
    expect(withinLastToRange('1M', now)?.[0]).toBe('2026-10-22T00:00:00.000000Z');
    expect(withinLastToRange('-1d', now)).toBeNull();
    expect(withinLastToRange('soon', now)).toBeNull();
  });

  it("turns 'is within next' into the range ahead: from today's start to the last day's end, exact for m h", () => {
    const now = new Date('2026-11-22T10:15:00.000Z');
    expect(withinNextToRange('2h', now)).toEqual([
      '2026-11-22T10:15:00.000000Z',
      '2026-11-22T12:15:00.000000Z',
    ]);
    expect(withinNextToRange('30d', now)).toEqual([
      '2026-11-22T00:00:00.000000Z',
      '2026-12-22T23:59:59.999999Z',
    ]);
    expect(withinNextToRange('1M', now)?.[1]).toBe('2026-12-22T23:59:59.999999Z');
    expect(withinNextToRange('-1d', now)).toBeNull();
  });

  it('parses and formats the period format', () => {
    expect(parsePeriod('30d')).toEqual({ amount: 30, unit: 'd' });
    expect(parsePeriod('-2M')).toEqual({ amount: -2, unit: 'M' });
    expect(parsePeriod('3y')).toBeNull();
    expect(formatPeriod({ amount: 12, unit: 'h' })).toBe('12h');
  });

  it('judges the typed amount with the spec keys', () => {
    expect(relativeAmountProblem('-1', 'd')).toEqual({ key: 'negativeNumberNotAllowed' });
    expect(relativeAmountProblem('1.5', 'd')).toEqual({ key: 'decimalNumberNotAllowed' });
    expect(relativeAmountProblem('1a', 'd')).toEqual({ key: 'onlyDigitsAllowed' });
    expect(relativeAmountProblem('3651', 'd')).toEqual({ key: 'maxLimitForDays', params: { max: 3650 } });
    expect(relativeAmountProblem('525600', 'm')).toBeNull();
    expect(relativeAmountProblem('', 'm')).toBeNull();
  });
});
