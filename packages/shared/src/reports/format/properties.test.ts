import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pivotHeatMap } from './heat-map.js';
import { formatSi, SI_SUFFIXES } from './numbers.js';
import { toPercentageMatrix } from './percentages.js';

const SUFFIX_POWER = Object.fromEntries(SI_SUFFIXES.map((suffix, i) => [suffix, 1000 ** i]));

function parseSi(text: string): number {
  const match = /^(-?[\d.]+(?:e-?\d+)?)([kMGTPE]?)$/.exec(text);
  if (!match) throw new Error(`not an SI number: ${text}`);
  return Number(match[1]) * (SUFFIX_POWER[match[2] ?? ''] ?? 1);
}

describe('properties of the chart formatting rules', () => {
  it('SI numbers read back within the rounding of 3 significant digits', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e18, max: 1e18, noNaN: true }), (value) => {
        const text = formatSi(value);
        const back = parseSi(text);
        if (value === 0) return back === 0;
        // 3 significant digits: at most half a unit in the third digit, 0.5 %.
        return Math.abs(back - value) <= Math.abs(value) * 0.005 + Number.EPSILON;
      }),
    );
  });

  it('row, column and table percentages each add up to 100 over their whole', () => {
    const matrix = fc.array(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 3, maxLength: 3 }), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(matrix, (rows) => {
        const total = (cells: (number | null)[]) => cells.reduce<number>((a, b) => a + (b ?? 0), 0);
        const byRow = toPercentageMatrix(rows, 'row');
        rows.forEach((row, r) => {
          if (total(row) > 0) expect(total(byRow[r] ?? [])).toBeCloseTo(100, 6);
        });
        const byColumn = toPercentageMatrix(rows, 'column');
        for (let c = 0; c < 3; c++) {
          if (total(rows.map((row) => row[c] ?? 0)) > 0) {
            expect(total(byColumn.map((row) => row[c] ?? 0))).toBeCloseTo(100, 6);
          }
        }
        const byTable = toPercentageMatrix(rows, 'table');
        if (total(rows.flat()) > 0) expect(total(byTable.flat())).toBeCloseTo(100, 6);
      }),
    );
  });

  it('the heat-map pivot keeps every value: subtotals add up to the plain totals', () => {
    const record = fc.tuple(
      fc.constantFrom('EU', 'US', 'APAC'),
      fc.constantFrom('2025', '2026'),
      fc.constantFrom('Open', 'Closed', 'Review'),
      fc.integer({ min: 0, max: 100 }),
    );
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 30 }), (records) => {
        const pivot = pivotHeatMap([['Region', 'Year', 'Status', 'Count'], ...records]);
        const grand = pivot.columns.find((column) => column.kind === 'grandSubtotal');
        expect(grand).toBeDefined();
        for (const row of pivot.rows.filter((r) => r.kind === 'value')) {
          const expected = records.filter((r) => r[0] === row.label).reduce((sum, r) => sum + r[3], 0);
          expect(row.cells[grand?.key ?? '']).toBe(expected);
        }
        const subtotalRow = pivot.rows.find((row) => row.kind === 'subtotal');
        expect(subtotalRow?.cells[grand?.key ?? '']).toBe(records.reduce((sum, r) => sum + r[3], 0));
        for (const column of pivot.columns.filter((c) => c.kind === 'subtotal')) {
          const expected = records.filter((r) => r[1] === column.group).reduce((sum, r) => sum + r[3], 0);
          expect(subtotalRow?.cells[column.key]).toBe(expected);
        }
      }),
    );
  });
});
