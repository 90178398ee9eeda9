import { describe, expect, it } from 'vitest';
import {
  formatBarPercent,
  formatHeatMapPercent,
  formatPiePercent,
  toPercentageMatrix,
} from './percentages.js';

describe('percentages (spec 2 §9.1)', () => {
  it('shows 4 significant digits in pies', () => {
    expect(formatPiePercent(33.333333)).toBe('33.33%');
    expect(formatPiePercent(5.123456)).toBe('5.123%');
    expect(formatPiePercent(0.0123456)).toBe('0.01235%');
    expect(formatPiePercent(50)).toBe('50%');
    expect(formatPiePercent(100)).toBe('100%');
    expect(formatPiePercent(0)).toBe('0%');
  });

  it('shows 2 decimals in bars and heat maps', () => {
    expect(formatBarPercent(33.333333)).toBe('33.33%');
    expect(formatBarPercent(50)).toBe('50.00%');
    expect(formatBarPercent(0.005)).toBe('0.01%');
    expect(formatHeatMapPercent(12.3456)).toBe('12.35%');
  });
});

describe('display value as percentage with percentage_calculation_type (spec 2 §3.8)', () => {
  const matrix = [
    [1, 3],
    [2, 4],
  ];

  it('row: each cell as a share of its row (the default)', () => {
    expect(toPercentageMatrix(matrix)).toEqual([
      [25, 75],
      [(2 / 6) * 100, (4 / 6) * 100],
    ]);
  });

  it('column: each cell as a share of its column', () => {
    expect(toPercentageMatrix(matrix, 'column')).toEqual([
      [(1 / 3) * 100, (3 / 7) * 100],
      [(2 / 3) * 100, (4 / 7) * 100],
    ]);
  });

  it('table: each cell as a share of the whole table', () => {
    expect(toPercentageMatrix(matrix, 'table')).toEqual([
      [10, 30],
      [20, 40],
    ]);
  });

  it('keeps blanks blank and answers 0 for a zero total', () => {
    expect(
      toPercentageMatrix(
        [
          [null, '2'],
          [0, 0],
        ],
        'row',
      ),
    ).toEqual([
      [null, 100],
      [0, 0],
    ]);
  });
});
