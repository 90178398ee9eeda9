import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { formatChartValue, seriesDisplayLabel, seriesValueStyle, tooltipLabel } from './value-format';

const t = i18n.t.bind(i18n);

describe('chart value formatting (spec 2 §9.1)', () => {
  it('formats numbers with SI suffixes, percentages per chart and cycle times as durations', () => {
    expect(formatChartValue(1_250_000, 'number', t)).toBe('1.25M');
    expect(formatChartValue(0.0005, 'number', t)).toBe('5e-4');
    expect(formatChartValue(33.3333, 'barPercent', t)).toBe('33.33%');
    expect(formatChartValue(33.3333, 'piePercent', t)).toBe('33.33%');
    expect(formatChartValue(5.12345, 'piePercent', t)).toBe('5.123%');
    expect(formatChartValue(93_600, 'duration', t)).toBe('1d 2h');
    expect(formatChartValue(null, 'number', t)).toBe('');
  });

  it('picks durations for cycle-time columns unless values show as percentages', () => {
    expect(seriesValueStyle('Average Cycle Time', false, 'barPercent')).toBe('duration');
    expect(seriesValueStyle('Average Cycle Time', true, 'barPercent')).toBe('barPercent');
    expect(seriesValueStyle('Count', false, 'barPercent')).toBe('number');
    expect(seriesDisplayLabel('Minimum Cycle Time', t)).toBe('Minimum Cycle Time');
    expect(seriesDisplayLabel('Count', t)).toBe('Count');
  });

  it('writes tooltip dates as MMM DD, YYYY', () => {
    expect(tooltipLabel('2026-11-02', 'en')).toBe('Nov 02, 2026');
    expect(tooltipLabel('Open', 'en')).toBe('Open');
  });
});
