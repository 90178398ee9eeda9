import { CYCLE_TIME_COLUMN_LABELS } from './cycle-time.js';
import { toNumber } from './numbers.js';

// Spec 2 §2.8, §4.2 and §9.1: the heat map is a pivot table of the report's results with Sub total,
// Average, Grand subtotal and Grand average rows and columns, 2-decimal rounding, and columns that
// can be dragged only within their parent group.
export const HEAT_MAP_DECIMALS = 2;
export const HEAT_MAP_MIN_COLUMNS = 3;

export type HeatMapSummaryKind = 'subtotal' | 'average' | 'grandSubtotal' | 'grandAverage';
export type HeatMapKind = 'value' | HeatMapSummaryKind;

// English forms; the web app translates them (reports.chart.heatMap.*).
export const HEAT_MAP_SUMMARY_LABELS: Record<HeatMapSummaryKind, string> = {
  subtotal: 'Sub total',
  average: 'Average',
  grandSubtotal: 'Grand subtotal',
  grandAverage: 'Grand average',
};

export type HeatMapColumn = { key: string; label: string; group: string | null; kind: HeatMapKind };
export type HeatMapRow = {
  key: string;
  label: string;
  kind: HeatMapKind;
  cells: Record<string, number | null>;
};
export type HeatMapPivot = { columns: HeatMapColumn[]; rows: HeatMapRow[] };

// Which result columns hold the row label, the column label, its parent group and the value.
// Defaults: [row, column, value] with 3 columns; [row, group, column, ..., value] with more.
export type HeatMapIndexes = { row: number; column: number; group: number | null; value: number };

export type ResultRows = readonly (readonly unknown[])[];

// The heat map shows the empty state with fewer than 3 columns or with the minimum cycle time column.
export function heatMapIsEmpty(results: ResultRows): boolean {
  const header = results[0];
  if (!header || header.length < HEAT_MAP_MIN_COLUMNS || results.length < 2) return true;
  return header.some((cell) => cell === CYCLE_TIME_COLUMN_LABELS.min);
}

export function defaultHeatMapIndexes(width: number): HeatMapIndexes {
  return width <= 3
    ? { row: 0, column: 1, group: null, value: 2 }
    : { row: 0, group: 1, column: 2, value: width - 1 };
}

export function roundHeatMapValue(value: number): number {
  const factor = 10 ** HEAT_MAP_DECIMALS;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

const label = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const valueKey = (group: string | null, name: string) => JSON.stringify([group, name]);
const summaryKey = (kind: HeatMapSummaryKind, group: string | null) => `${kind}:${group ?? ''}`;

function aggregate(values: (number | null)[], how: 'sum' | 'mean'): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const sum = present.reduce((a, b) => a + b, 0);
  return roundHeatMapValue(how === 'sum' ? sum : sum / present.length);
}

// Columns: each parent group's value columns followed by its Sub total and Average, then Grand
// subtotal and Grand average over every value column (without parent groups the row is one group,
// so only Sub total and Average). Rows: the value rows, then Sub total and Average rows, which
// apply their sum or mean down every column, summary columns included.
export function pivotHeatMap(results: ResultRows, indexes?: HeatMapIndexes): HeatMapPivot {
  if (heatMapIsEmpty(results)) return { columns: [], rows: [] };
  const idx = indexes ?? defaultHeatMapIndexes(results[0]?.length ?? 0);
  const rowLabels: string[] = [];
  const groups = new Map<string | null, string[]>();
  const cells = new Map<string, Map<string, number | null>>();

  for (const record of results.slice(1)) {
    const rowLabel = label(record[idx.row]);
    const group = idx.group === null ? null : label(record[idx.group]);
    const name = label(record[idx.column]);
    if (!cells.has(rowLabel)) {
      rowLabels.push(rowLabel);
      cells.set(rowLabel, new Map());
    }
    const names = groups.get(group) ?? [];
    if (!names.includes(name)) names.push(name);
    groups.set(group, names);
    const key = valueKey(group, name);
    const row = cells.get(rowLabel) as Map<string, number | null>;
    const value = toNumber(record[idx.value]);
    // Repeated pairs add up, as a pivot does.
    const previous = row.get(key);
    row.set(key, value === null ? (previous ?? null) : (previous ?? 0) + value);
  }

  const grouped = idx.group !== null;
  const columns: HeatMapColumn[] = [];
  const summaries: { column: HeatMapColumn; sources: string[]; how: 'sum' | 'mean' }[] = [];
  const addSummary = (kind: HeatMapSummaryKind, group: string | null, sources: string[]) => {
    const column: HeatMapColumn = {
      key: summaryKey(kind, group),
      label: HEAT_MAP_SUMMARY_LABELS[kind],
      group,
      kind,
    };
    columns.push(column);
    summaries.push({
      column,
      sources,
      how: kind === 'subtotal' || kind === 'grandSubtotal' ? 'sum' : 'mean',
    });
  };
  const allSources: string[] = [];
  for (const [group, names] of groups) {
    const sources = names.map((name) => valueKey(group, name));
    for (const name of names) columns.push({ key: valueKey(group, name), label: name, group, kind: 'value' });
    allSources.push(...sources);
    addSummary('subtotal', group, sources);
    addSummary('average', group, sources);
  }
  if (grouped) {
    addSummary('grandSubtotal', null, allSources);
    addSummary('grandAverage', null, allSources);
  }

  const rows: HeatMapRow[] = rowLabels.map((rowLabel) => {
    const source = cells.get(rowLabel) as Map<string, number | null>;
    const row: Record<string, number | null> = {};
    for (const column of columns) {
      if (column.kind === 'value') row[column.key] = source.get(column.key) ?? null;
    }
    for (const { column, sources, how } of summaries) {
      row[column.key] = aggregate(
        sources.map((key) => source.get(key) ?? null),
        how,
      );
    }
    return { key: JSON.stringify(rowLabel), label: rowLabel, kind: 'value', cells: row };
  });

  const summaryRow = (kind: 'subtotal' | 'average'): HeatMapRow => {
    const row: Record<string, number | null> = {};
    for (const column of columns) {
      row[column.key] = aggregate(
        rows.map((r) => r.cells[column.key] ?? null),
        kind === 'subtotal' ? 'sum' : 'mean',
      );
    }
    return { key: summaryKey(kind, null), label: HEAT_MAP_SUMMARY_LABELS[kind], kind, cells: row };
  };
  return { columns, rows: [...rows, summaryRow('subtotal'), summaryRow('average')] };
}

// A value column may move only among the value columns of its own parent group; anything else is
// an invalid drop (the web marks it so).
export function canMoveHeatMapColumn(
  columns: readonly HeatMapColumn[],
  fromKey: string,
  toKey: string,
): boolean {
  const from = columns.find((column) => column.key === fromKey);
  const to = columns.find((column) => column.key === toKey);
  if (!from || !to || from.kind !== 'value' || to.kind !== 'value') return false;
  return from.group === to.group;
}

// Moves the dragged column to the target's place; null when the drop is invalid.
export function moveHeatMapColumn(
  columns: readonly HeatMapColumn[],
  fromKey: string,
  toKey: string,
): HeatMapColumn[] | null {
  if (!canMoveHeatMapColumn(columns, fromKey, toKey)) return null;
  const next = [...columns];
  const from = next.findIndex((column) => column.key === fromKey);
  const [moved] = next.splice(from, 1);
  const to = next.findIndex((column) => column.key === toKey);
  next.splice(from <= to ? to + 1 : to, 0, moved as HeatMapColumn);
  return next;
}

// other_configurations.data_order holds, for a heat map, the value columns' keys in the order the
// viewer dragged them to (docs/reports.md). Columns move only within their parent group, so each
// group's value columns are put in that order in the places the group's value columns hold; summary
// columns stay where they are, and columns the order does not name keep their place after it.
export function applyHeatMapColumnOrder(
  columns: readonly HeatMapColumn[],
  order: readonly string[] | null | undefined,
): HeatMapColumn[] {
  if (!order || order.length === 0) return [...columns];
  const rank = new Map(order.map((key, i) => [key, i]));
  const byGroup = new Map<string | null, HeatMapColumn[]>();
  for (const column of columns) {
    if (column.kind !== 'value') continue;
    byGroup.set(column.group, [...(byGroup.get(column.group) ?? []), column]);
  }
  for (const [group, list] of byGroup) {
    byGroup.set(
      group,
      list
        .map((column, i) => ({ column, i }))
        .sort(
          (a, b) =>
            (rank.get(a.column.key) ?? order.length + a.i) - (rank.get(b.column.key) ?? order.length + b.i),
        )
        .map(({ column }) => column),
    );
  }
  const next = new Map([...byGroup].map(([group, list]) => [group, [...list]]));
  return columns.map((column) =>
    column.kind === 'value' ? (next.get(column.group)?.shift() ?? column) : column,
  );
}

// The results a heat map pivots, and which columns play which part, from the number of group-by
// columns (the rest are measures). Rows come from the first group-by and columns from the last.
// One measure: a middle group-by (with 3) is the parent group. Several measures: each measure is a
// parent group of its own (named "<middle> · <measure>" with 3 group-bys), so none is hidden; with
// a single group-by the measures are the columns.
export function heatMapLayout(
  results: ResultRows,
  dimensions: number | undefined,
): { results: ResultRows; indexes: HeatMapIndexes | undefined } {
  const header = results[0] ?? [];
  if (dimensions === undefined || dimensions < 1 || dimensions >= header.length) {
    return { results, indexes: undefined };
  }
  const measures = header.length - dimensions;
  if (measures <= 1) {
    if (dimensions < 2) return { results, indexes: undefined };
    return {
      results,
      indexes: {
        row: 0,
        group: dimensions >= 3 ? 1 : null,
        column: dimensions >= 3 ? 2 : 1,
        value: header.length - 1,
      },
    };
  }
  const measureNames = header.slice(dimensions).map(label);
  const body = results.slice(1);
  if (dimensions === 1) {
    const rows = body.flatMap((record) => measureNames.map((name, m) => [record[0], name, record[1 + m]]));
    return {
      results: [[header[0], '', ''], ...rows],
      indexes: { row: 0, group: null, column: 1, value: 2 },
    };
  }
  const middle = dimensions >= 3 ? 1 : null;
  const column = dimensions - 1;
  const rows = body.flatMap((record) =>
    measureNames.map((name, m) => [
      record[0],
      middle === null ? name : `${label(record[middle])} · ${name}`,
      record[column],
      record[dimensions + m],
    ]),
  );
  return {
    results: [[header[0], '', header[column], ''], ...rows],
    indexes: { row: 0, group: 1, column: 2, value: 3 },
  };
}
