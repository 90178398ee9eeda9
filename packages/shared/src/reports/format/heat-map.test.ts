import { describe, expect, it } from 'vitest';
import {
  applyHeatMapColumnOrder,
  canMoveHeatMapColumn,
  heatMapIsEmpty,
  heatMapLayout,
  moveHeatMapColumn,
  pivotHeatMap,
  roundHeatMapValue,
} from './heat-map.js';

const flat = [
  ['Region', 'Status', 'Count'],
  ['EU', 'Open', 3],
  ['EU', 'Closed', 1],
  ['US', 'Open', 2],
];

const grouped = [
  ['Region', 'Year', 'Status', 'Count'],
  ['EU', '2025', 'Open', 3],
  ['EU', '2025', 'Closed', 1],
  ['EU', '2026', 'Open', 4],
  ['US', '2025', 'Open', 2],
  ['US', '2026', 'Open', 5],
];

const cellsOf = (pivot: ReturnType<typeof pivotHeatMap>, label: string) =>
  pivot.rows.find((row) => row.label === label)?.cells ?? {};

describe('heat map pivot (spec 2 §2.8, §9.1)', () => {
  it('shows the empty state with fewer than 3 columns or the minimum cycle time column', () => {
    expect(
      heatMapIsEmpty([
        ['Status', 'Count'],
        ['Open', 1],
      ]),
    ).toBe(true);
    expect(
      heatMapIsEmpty([
        ['Region', 'Status', 'Minimum Cycle Time'],
        ['EU', 'Open', 1],
      ]),
    ).toBe(true);
    expect(heatMapIsEmpty([['Region', 'Status', 'Count']])).toBe(true);
    expect(heatMapIsEmpty(flat)).toBe(false);
    expect(pivotHeatMap([['a', 'b']])).toEqual({ columns: [], rows: [] });
  });

  it('pivots rows by columns, with Sub total and Average columns and rows', () => {
    const pivot = pivotHeatMap(flat);
    expect(pivot.columns.map((c) => [c.label, c.kind])).toEqual([
      ['Open', 'value'],
      ['Closed', 'value'],
      ['Sub total', 'subtotal'],
      ['Average', 'average'],
    ]);
    expect(pivot.rows.map((r) => [r.label, r.kind])).toEqual([
      ['EU', 'value'],
      ['US', 'value'],
      ['Sub total', 'subtotal'],
      ['Average', 'average'],
    ]);
    const [open, closed, subtotal, average] = pivot.columns.map((c) => c.key) as string[];
    expect(cellsOf(pivot, 'EU')).toEqual({
      [open as string]: 3,
      [closed as string]: 1,
      [subtotal as string]: 4,
      [average as string]: 2,
    });
    expect(cellsOf(pivot, 'US')).toEqual({
      [open as string]: 2,
      [closed as string]: null,
      [subtotal as string]: 2,
      [average as string]: 2,
    });
    expect(cellsOf(pivot, 'Sub total')).toEqual({
      [open as string]: 5,
      [closed as string]: 1,
      [subtotal as string]: 6,
      [average as string]: 4,
    });
    expect(cellsOf(pivot, 'Average')).toEqual({
      [open as string]: 2.5,
      [closed as string]: 1,
      [subtotal as string]: 3,
      [average as string]: 2,
    });
  });

  it('adds each parent group a Sub total and Average, then Grand subtotal and Grand average', () => {
    const pivot = pivotHeatMap(grouped);
    expect(pivot.columns.map((c) => `${c.group ?? '-'}/${c.label}`)).toEqual([
      '2025/Open',
      '2025/Closed',
      '2025/Sub total',
      '2025/Average',
      '2026/Open',
      '2026/Sub total',
      '2026/Average',
      '-/Grand subtotal',
      '-/Grand average',
    ]);
    const byLabel = (cells: Record<string, number | null>) =>
      pivot.columns.map((column) => cells[column.key]);
    expect(byLabel(cellsOf(pivot, 'EU'))).toEqual([3, 1, 4, 2, 4, 4, 4, 8, 2.67]);
    expect(byLabel(cellsOf(pivot, 'US'))).toEqual([2, null, 2, 2, 5, 5, 5, 7, 3.5]);
    expect(byLabel(cellsOf(pivot, 'Sub total'))).toEqual([5, 1, 6, 4, 9, 9, 9, 15, 6.17]);
  });

  it('rounds to 2 decimals', () => {
    expect(roundHeatMapValue(2.666666)).toBe(2.67);
    expect(roundHeatMapValue(1.005)).toBe(1.01);
    const pivot = pivotHeatMap([
      ['R', 'C', 'V'],
      ['a', 'x', 1],
      ['a', 'y', 1],
      ['a', 'z', 2],
    ]);
    expect(Object.values(cellsOf(pivot, 'a'))).toContain(1.33);
  });
});

describe('heat map column drag (spec 2 §4.2)', () => {
  const { columns } = pivotHeatMap(grouped);
  const key = (group: string | null, label: string) =>
    columns.find((c) => c.group === group && c.label === label)?.key as string;

  it('reorders columns within the same parent group', () => {
    expect(canMoveHeatMapColumn(columns, key('2025', 'Closed'), key('2025', 'Open'))).toBe(true);
    const moved = moveHeatMapColumn(columns, key('2025', 'Closed'), key('2025', 'Open'));
    expect(moved?.slice(0, 2).map((c) => c.label)).toEqual(['Closed', 'Open']);
    const back = moveHeatMapColumn(moved ?? [], key('2025', 'Closed'), key('2025', 'Open'));
    expect(back?.slice(0, 2).map((c) => c.label)).toEqual(['Open', 'Closed']);
  });

  it('marks drops into another group or onto summary columns invalid', () => {
    expect(canMoveHeatMapColumn(columns, key('2025', 'Open'), key('2026', 'Open'))).toBe(false);
    expect(moveHeatMapColumn(columns, key('2025', 'Open'), key('2026', 'Open'))).toBeNull();
    expect(canMoveHeatMapColumn(columns, key('2025', 'Open'), key('2025', 'Sub total'))).toBe(false);
    expect(canMoveHeatMapColumn(columns, key(null, 'Grand average'), key('2025', 'Open'))).toBe(false);
  });
});

describe('heat map column order and measures (spec 2 §4.2; data_order per docs/reports.md)', () => {
  const results = [
    ['Region', 'Year', 'Status', 'Count'],
    ['EU', '2025', 'Open', 3],
    ['EU', '2025', 'Closed', 1],
    ['EU', '2026', 'Open', 4],
  ];
  const labels = (columns: { label: string; group: string | null }[]) =>
    columns.map((c) => `${c.group ?? '-'}/${c.label}`);

  it("puts each group's value columns in the saved order and leaves summaries in place", () => {
    const { columns } = pivotHeatMap(results);
    const ordered = applyHeatMapColumnOrder(columns, [JSON.stringify(['2025', 'Closed'])]);
    expect(labels(ordered)).toEqual([
      '2025/Closed',
      '2025/Open',
      '2025/Sub total',
      '2025/Average',
      '2026/Open',
      '2026/Sub total',
      '2026/Average',
      '-/Grand subtotal',
      '-/Grand average',
    ]);
    expect(applyHeatMapColumnOrder(columns, [])).toEqual(columns);
  });

  it('makes each measure a parent group, so two measures both show', () => {
    const twoMeasures = [
      ['Region', 'Status', 'Count', 'Sum'],
      ['EU', 'Open', 3, 30],
    ];
    const layout = heatMapLayout(twoMeasures, 2);
    const { columns } = pivotHeatMap(layout.results, layout.indexes);
    expect(labels(columns.filter((c) => c.kind === 'value'))).toEqual(['Count/Open', 'Sum/Open']);
    const threeGroupBys = [
      ['Region', 'Year', 'Status', 'Count', 'Sum'],
      ['EU', '2025', 'Open', 3, 30],
    ];
    const nested = heatMapLayout(threeGroupBys, 3);
    const nestedColumns = pivotHeatMap(nested.results, nested.indexes).columns;
    expect(labels(nestedColumns.filter((c) => c.kind === 'value'))).toEqual([
      '2025 · Count/Open',
      '2025 · Sum/Open',
    ]);
  });

  it('keeps the one-measure layout as it was', () => {
    expect(heatMapLayout(results, 3).indexes).toEqual({ row: 0, group: 1, column: 2, value: 3 });
    expect(heatMapLayout(results, undefined).indexes).toBeUndefined();
  });
});
