import {
  applyDataOrder,
  formatChartDate,
  type PercentageCalculationType,
  toNumber,
  toPercentageMatrix,
} from '@attest/shared';

// The engine's result shape (spec 2 §3.8): the first row is the header, the rest are value rows.
export type ResultCell = string | number | boolean | null;
export type ChartResults = readonly (readonly ResultCell[])[];

export const CATEGORY_KEY = '__category';
export type ChartSeries = { key: string; label: string };
export type ChartRow = { [CATEGORY_KEY]: string } & Record<string, string | number | null>;
export type ChartData = { categories: string[]; series: ChartSeries[]; rows: ChartRow[] };

export type ChartDataOptions = {
  // How many leading columns are group-by (x-axis) columns. With 2, the second one is the
  // secondary x-axis: its values become the series.
  dimensions?: number;
  displayAsPercentage?: boolean;
  percentageCalculationType?: PercentageCalculationType;
  dataOrder?: readonly string[];
  // The category of a report without a group by (dimensions 0): its one row of totals.
  totalLabel?: string;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T|$)/;

// Category labels: dates as YYYY-MM-DD (§9.1), empty answers as an empty string.
export function categoryLabel(cell: ResultCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string' && ISO_DAY.test(cell)) return formatChartDate(cell) ?? cell;
  return String(cell);
}

export function isChartDay(label: unknown): label is string {
  return typeof label === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(label);
}

// Series keys are s0, s1, ...: Recharts reads a dotted dataKey as a path, so labels cannot be keys.
export function toChartData(
  results: ChartResults | null | undefined,
  options: ChartDataOptions = {},
): ChartData | null {
  const first = results?.[0];
  // A report without a group by answers one row of totals and no category column: drawn as one
  // category of its own, so the chart never says "no results" beside "Rows: 1".
  const ungrouped = first !== undefined && (options.dimensions === 0 || first.length === 1);
  const header = ungrouped ? [null, ...first] : first;
  const body = (results?.slice(1) ?? []).map((row) => (ungrouped ? [options.totalLabel ?? '', ...row] : row));
  if (!header || header.length < 2 || body.length === 0) return null;
  const pivot = (options.dimensions ?? 1) >= 2 && header.length >= 3;

  const categories: string[] = [];
  const series: ChartSeries[] = [];
  const values = new Map<string, Map<string, number | null>>();
  const seriesKey = (label: string) => {
    let found = series.find((s) => s.label === label);
    if (!found) {
      found = { key: `s${series.length}`, label };
      series.push(found);
    }
    return found.key;
  };
  if (!pivot) for (const cell of header.slice(1)) seriesKey(categoryLabel(cell));

  for (const record of body) {
    const category = categoryLabel(record[0]);
    if (!values.has(category)) {
      categories.push(category);
      values.set(category, new Map());
    }
    const row = values.get(category) as Map<string, number | null>;
    if (pivot) {
      const key = seriesKey(categoryLabel(record[1]));
      const value = toNumber(record[record.length - 1]);
      row.set(key, value === null ? (row.get(key) ?? null) : (row.get(key) ?? 0) + value);
    } else {
      series.forEach((s, i) => {
        row.set(s.key, toNumber(record[i + 1]));
      });
    }
  }

  const ordered = applyDataOrder(categories, options.dataOrder);
  let matrix: (number | null)[][] = ordered.map((c) => series.map((s) => values.get(c)?.get(s.key) ?? null));
  if (options.displayAsPercentage) matrix = toPercentageMatrix(matrix, options.percentageCalculationType);
  const rows = ordered.map((category, r) => {
    const row: ChartRow = { [CATEGORY_KEY]: category };
    series.forEach((s, c) => {
      row[s.key] = matrix[r]?.[c] ?? null;
    });
    return row;
  });
  return { categories: ordered, series, rows };
}
