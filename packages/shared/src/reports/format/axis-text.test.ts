import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  truncateSpiderTick,
  truncateYAxisTick,
  xAxisLabelLines,
  yAxisLabelLines,
} from './axis-text.js';

const text = (length: number) =>
  Array.from({ length }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

describe('axis text truncation (spec 2 §9.1)', () => {
  it('truncates Y-axis tick text to 15 characters plus an ellipsis', () => {
    expect(truncateYAxisTick(text(15))).toBe(text(15));
    expect(truncateYAxisTick(text(16))).toBe(`${text(15)}${ELLIPSIS}`);
    expect(truncateYAxisTick('Short')).toBe('Short');
  });

  it('truncates spider tick text to 50 characters', () => {
    expect(truncateSpiderTick(text(50))).toBe(text(50));
    expect(truncateSpiderTick(text(51))).toBe(`${text(50)}${ELLIPSIS}`);
  });

  it('X-axis label: a single line up to 100 characters', () => {
    expect(xAxisLabelLines(text(100))).toEqual([text(100)]);
  });

  it('X-axis label: otherwise two lines of 120 characters each', () => {
    const long = text(101);
    expect(xAxisLabelLines(long)).toEqual([long]);
    const two = text(200);
    expect(xAxisLabelLines(two)).toEqual([two.slice(0, 120), two.slice(120)]);
    expect(xAxisLabelLines(text(240))).toEqual([text(240).slice(0, 120), text(240).slice(120)]);
  });

  it('X-axis label: cut at 240 with an ellipsis', () => {
    const [first, second] = xAxisLabelLines(text(241));
    expect(first).toHaveLength(120);
    expect(second).toBe(`${text(240).slice(120)}${ELLIPSIS}`);
  });

  it('Y-axis label: up to 70 characters on one line', () => {
    expect(yAxisLabelLines(text(70))).toEqual([text(70)]);
  });

  it('Y-axis label: otherwise two lines of 70 and 67, cut at 137', () => {
    expect(yAxisLabelLines(text(137))).toEqual([text(137).slice(0, 70), text(137).slice(70)]);
    const [first, second] = yAxisLabelLines(text(150));
    expect(first).toBe(text(70));
    expect(second).toBe(`${text(137).slice(70)}${ELLIPSIS}`);
    expect(second).toHaveLength(68);
  });
});
