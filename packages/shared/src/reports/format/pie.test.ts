import { describe, expect, it } from 'vitest';
import { CYCLE_TIME_COLUMN_LABELS, cycleTimeAggregationOf, cycleTimePieLabel } from './cycle-time.js';
import { isPieLabelVisible, pieRadii } from './pie.js';

describe('cycle-time column labels (spec 2 §9.1)', () => {
  it('names the columns Minimum, Maximum and Average Cycle Time', () => {
    expect(CYCLE_TIME_COLUMN_LABELS).toEqual({
      min: 'Minimum Cycle Time',
      max: 'Maximum Cycle Time',
      avg: 'Average Cycle Time',
    });
    expect(cycleTimeAggregationOf('Maximum Cycle Time')).toBe('max');
    expect(cycleTimeAggregationOf('Count')).toBeNull();
  });

  it('labels them (min), (max) and (avg) in pies', () => {
    expect(cycleTimePieLabel('Review', 'min')).toBe('Review (min)');
    expect(cycleTimePieLabel('Review', 'max')).toBe('Review (max)');
    expect(cycleTimePieLabel('Review', 'avg')).toBe('Review (avg)');
  });
});

describe('pie labels and radii (spec 2 §9.1)', () => {
  it('hides pie labels at or below percentage_threshold', () => {
    expect(isPieLabelVisible(5, 5)).toBe(false);
    expect(isPieLabelVisible(4.9, 5)).toBe(false);
    expect(isPieLabelVisible(5.01, 5)).toBe(true);
    expect(isPieLabelVisible(0, 0)).toBe(false);
    expect(isPieLabelVisible(0.1, 0)).toBe(true);
    expect(isPieLabelVisible(0, null)).toBe(true);
  });

  it('scales the radii with the number of pies, as concentric rings', () => {
    expect(pieRadii(0)).toEqual([]);
    expect(pieRadii(1)).toEqual([{ innerRadius: '0%', outerRadius: '80%' }]);
    expect(pieRadii(2)).toEqual([
      { innerRadius: '0%', outerRadius: '39%' },
      { innerRadius: '41%', outerRadius: '80%' },
    ]);
    const four = pieRadii(4);
    expect(four).toHaveLength(4);
    expect(four[3]?.outerRadius).toBe('80%');
    expect(four[1]).toEqual({ innerRadius: '21%', outerRadius: '39%' });
  });
});
