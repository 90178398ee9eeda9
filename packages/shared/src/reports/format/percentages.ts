import { toNumber } from './numbers.js';

// Spec 2 §9.1: percentages show 4 significant digits in pies, 2 decimals in bars and heat maps.
export const PIE_PERCENT_SIGNIFICANT_DIGITS = 4;
export const BAR_PERCENT_DECIMALS = 2;

// The values of other_configurations.percentage_calculation_type (../config.ts).
export type PercentageCalculationType = 'row' | 'column' | 'table';
export const DEFAULT_PERCENTAGE_CALCULATION_TYPE: PercentageCalculationType = 'row';

// `percent` is already on the 0-100 scale.
export function formatPiePercent(percent: number): string {
  if (percent === 0) return '0%';
  const text = percent.toPrecision(PIE_PERCENT_SIGNIFICANT_DIGITS);
  const plain = text.includes('e') ? String(Number(text)) : text;
  return `${plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain}%`;
}

export function formatBarPercent(percent: number): string {
  return `${percent.toFixed(BAR_PERCENT_DECIMALS)}%`;
}

// Heat maps share the bar rule.
export const formatHeatMapPercent = formatBarPercent;

function share(value: number | null, total: number): number | null {
  if (value === null) return null;
  return total === 0 ? 0 : (value / total) * 100;
}

// display_value_as_percentage: each cell as a share of its row, its column or the whole table
// (percentage_calculation_type, default row). Rows are categories, columns series; blanks stay blank.
export function toPercentageMatrix(
  matrix: readonly (readonly unknown[])[],
  type: PercentageCalculationType = DEFAULT_PERCENTAGE_CALCULATION_TYPE,
): (number | null)[][] {
  const values = matrix.map((row) => row.map(toNumber));
  const sum = (cells: (number | null)[]) => cells.reduce<number>((acc, cell) => acc + (cell ?? 0), 0);
  const width = Math.max(0, ...values.map((row) => row.length));
  const columnTotals = Array.from({ length: width }, (_, col) => sum(values.map((row) => row[col] ?? null)));
  const tableTotal = sum(columnTotals);
  return values.map((row) => {
    const rowTotal = sum(row);
    return row.map((cell, col) => {
      if (type === 'row') return share(cell, rowTotal);
      if (type === 'column') return share(cell, columnTotals[col] ?? 0);
      return share(cell, tableTotal);
    });
  });
}
