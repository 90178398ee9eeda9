import { defaultOtherConfigurations } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { CATEGORY_KEY, toChartData } from './chart-data';
import type { ChartOptions } from './chart-options';

describe('chart data from report results (spec 2 §3.8)', () => {
  it('reads the header row and value rows: one series per value column', () => {
    const data = toChartData([
      ['Status', 'Count', 'Average Cycle Time'],
      ['Open', 3, 120],
      ['Closed', '2', null],
    ]);
    expect(data?.categories).toEqual(['Open', 'Closed']);
    expect(data?.series).toEqual([
      { key: 's0', label: 'Count' },
      { key: 's1', label: 'Average Cycle Time' },
    ]);
    expect(data?.rows).toEqual([
      { [CATEGORY_KEY]: 'Open', s0: 3, s1: 120 },
      { [CATEGORY_KEY]: 'Closed', s0: 2, s1: null },
    ]);
  });

  it('turns a secondary x-axis into series', () => {
    const data = toChartData(
      [
        ['Status', 'Region', 'Count'],
        ['Open', 'EU', 3],
        ['Open', 'US', 1],
        ['Closed', 'EU', 2],
      ],
      { dimensions: 2 },
    );
    expect(data?.series.map((s) => s.label)).toEqual(['EU', 'US']);
    expect(data?.rows[1]).toEqual({ [CATEGORY_KEY]: 'Closed', s0: 2, s1: null });
  });

  it('formats date categories as YYYY-MM-DD and applies the saved data order', () => {
    const data = toChartData(
      [
        ['Month', 'Count'],
        ['2026-01-01T00:00:00Z', 1],
        ['2026-02-01T00:00:00Z', 2],
      ],
      { dataOrder: ['2026-02-01'] },
    );
    expect(data?.categories).toEqual(['2026-02-01', '2026-01-01']);
  });

  it('shows values as percentages of the row, column or table', () => {
    const results = [
      ['Status', 'Region', 'Count'],
      ['Open', 'EU', 1],
      ['Open', 'US', 3],
      ['Closed', 'EU', 4],
    ];
    const row = toChartData(results, { dimensions: 2, displayAsPercentage: true });
    expect(row?.rows[0]).toMatchObject({ s0: 25, s1: 75 });
    const table = toChartData(results, {
      dimensions: 2,
      displayAsPercentage: true,
      percentageCalculationType: 'table',
    });
    expect(table?.rows[1]).toMatchObject({ s0: 50, s1: null });
  });

  it('has nothing to draw without value rows', () => {
    expect(toChartData(null)).toBeNull();
    expect(toChartData([['Status', 'Count']])).toBeNull();
    expect(toChartData([])).toBeNull();
  });

  it('draws a report without a group by (one row of totals) as one category, not as nothing', () => {
    const total = toChartData([['Count'], [42]], { dimensions: 0, totalLabel: 'Total' });
    expect(total).toEqual({
      categories: ['Total'],
      series: [{ key: 's0', label: 'Count' }],
      rows: [{ __category: 'Total', s0: 42 }],
    });
    // Two measures without a group: both are series, the first is not taken for a category.
    const two = toChartData(
      [
        ['Count', 'Average of Spend'],
        [3, 1500],
      ],
      { dimensions: 0, totalLabel: 'Total' },
    );
    expect(two?.series.map((s) => s.label)).toEqual(['Count', 'Average of Spend']);
    expect(two?.rows).toEqual([{ __category: 'Total', s0: 3, s1: 1500 }]);
  });

  it('accepts the shared other_configurations as chart options', () => {
    const options: ChartOptions = defaultOtherConfigurations();
    expect(options.show_value_on).toBe('always');
  });
});
