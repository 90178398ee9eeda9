import { describe, expect, it } from 'vitest';
import { formatChartDate, formatTooltipDate } from './dates.js';

describe('chart dates (spec 2 §9.1)', () => {
  it('formats dates as YYYY-MM-DD', () => {
    expect(formatChartDate('2026-11-02T23:30:00Z')).toBe('2026-11-02');
    expect(formatChartDate(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05');
    expect(formatChartDate('not a date')).toBeNull();
  });

  it('formats tooltip dates as MMM DD, YYYY', () => {
    expect(formatTooltipDate('2026-11-02')).toBe('Nov 02, 2026');
    expect(formatTooltipDate('2026-03-22T10:00:00Z')).toBe('Mar 22, 2026');
    expect(formatTooltipDate('2026-03-22', ['janv.', 'févr.', 'mars'])).toBe('mars 22, 2026');
  });
});
