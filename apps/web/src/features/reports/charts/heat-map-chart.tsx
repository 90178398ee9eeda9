import {
  applyHeatMapColumnOrder,
  canMoveHeatMapColumn,
  DEFAULT_SINGLE_TONE,
  HEAT_MAP_DEFAULT_HEIGHT,
  HEAT_MAP_Y_AXIS_COLUMN_WIDTH,
  type HeatMapColumn,
  type HeatMapKind,
  heatMapIsEmpty,
  heatMapLayout,
  moveHeatMapColumn,
  pivotHeatMap,
  tint,
} from '@attest/shared';
import { Box, Table } from '@mantine/core';
import { type CSSProperties, type DragEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { readableTextOn } from '../../../lib/color/hex';
import { ChartEmpty } from './chart-empty';
import type { ChartProps } from './chart-options';
import { formatChartValue } from './value-format';

export type HeatMapChartProps = ChartProps & {
  // Called with the value columns' keys after a column is dragged within its parent group.
  onColumnOrderChange?: (keys: string[]) => void;
};

type Drop = { key: string; valid: boolean } | null;

// Spec 2 §2.8 HEAT_MAP_CHART: a pivot table with Sub total, Average, Grand subtotal and Grand
// average rows and columns (§9.1: default height 392, y-axis column 200 wide, 2-decimal rounding);
// columns drag only within their parent group, other drops are marked invalid (§4.2); a click marks
// the cell (row index plus column key) and calls onSelect.
export function ReportHeatMapChart({
  results,
  options = {},
  dimensions,
  error,
  height = HEAT_MAP_DEFAULT_HEIGHT,
  onSelect,
  onColumnOrderChange,
}: HeatMapChartProps) {
  const { t, i18n } = useTranslation();
  const empty = !results || heatMapIsEmpty(results);
  const dataOrder = options.data_order;
  const pivot = useMemo(() => {
    if (!results || empty) return null;
    // Rows by the first group-by, columns by the last one, parent groups by a middle one or by
    // the measure when there are several.
    const layout = heatMapLayout(results, dimensions);
    const table = pivotHeatMap(layout.results, layout.indexes);
    // A saved column order (data_order) applies on load.
    return { ...table, columns: applyHeatMapColumnOrder(table.columns, dataOrder) };
  }, [results, empty, dimensions, dataOrder]);
  const [order, setOrder] = useState<{ source: typeof pivot; columns: HeatMapColumn[] } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [drop, setDrop] = useState<Drop>(null);
  const [active, setActive] = useState<string | null>(null);

  if (error || !pivot || pivot.rows.length === 0) return <ChartEmpty error={error} height={height} />;
  const rowTitle = String(results?.[0]?.[0] ?? '');

  // A new result resets a local column order.
  const columns = order && order.source === pivot ? order.columns : pivot.columns;
  const grouped = columns.some((column) => column.group !== null);
  const base = options.colors?.single_tone || DEFAULT_SINGLE_TONE;
  const values = pivot.rows
    .filter((row) => row.kind === 'value')
    .flatMap((row) => columns.filter((c) => c.kind === 'value').map((c) => row.cells[c.key] ?? null))
    .filter((value): value is number => value !== null);
  const max = Math.max(0, ...values.map(Math.abs));
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const asPercent = options.display_value_as_percentage === true;
  const show = (value: number | null) =>
    value === null ? '' : asPercent ? formatChartValue(value, 'barPercent', t) : number.format(value);
  // Row and column names are the tenant's data (regions, statuses), isolated in either direction;
  // the table itself follows the page's direction, so right to left it is mirrored by the browser.
  const label = (kind: HeatMapKind, text: string) =>
    kind === 'value' ? <UserText>{text}</UserText> : t(`reports.chart.heatMap.${kind}`);

  const cellStyle = (value: number | null, summary: boolean): CSSProperties => {
    if (summary || value === null || max === 0) return { fontWeight: summary ? 600 : undefined };
    const strength = Math.abs(value) / max;
    const background = tint(base, 1 - strength * 0.85);
    // White or dark, whichever reads at 4.5:1 on this cell (issue 14, WCAG 1.4.3).
    return { background, color: readableTextOn(background) };
  };

  const dragOver = (event: DragEvent, key: string) => {
    if (!dragged) return;
    const valid = canMoveHeatMapColumn(columns, dragged, key);
    if (valid) event.preventDefault();
    setDrop({ key, valid });
  };

  const dropOn = (key: string) => {
    const moved = dragged ? moveHeatMapColumn(columns, dragged, key) : null;
    setDragged(null);
    setDrop(null);
    if (!moved) return;
    setOrder({ source: pivot, columns: moved });
    onColumnOrderChange?.(moved.filter((c) => c.kind === 'value').map((c) => c.key));
  };

  const groups: { group: string | null; span: number }[] = [];
  for (const column of columns) {
    const last = groups[groups.length - 1];
    if (last && last.group === column.group) last.span++;
    else groups.push({ group: column.group, span: 1 });
  }

  return (
    // Issue 14 (a tile clipped on the right): the frame never grows past its card (it scrolls
    // instead), the table is as wide as its tiles need and at least the frame's width, and a 1 px
    // inset keeps the collapsed outer border, half of which lies outside the table's box, inside
    // the scrolled area. All on logical sides, so right to left the same holds on the left.
    <Box
      data-testid="report-heat-map-chart"
      mah={height}
      // It scrolls, so a keyboard reaches and scrolls it too (issue 14).
      tabIndex={0}
      className="mantine-focus-auto"
      style={{ overflow: 'auto', maxWidth: '100%', minWidth: 0, padding: 1 }}
    >
      <Table
        withTableBorder
        withColumnBorders
        stickyHeader
        style={{ width: 'max-content', minWidth: '100%' }}
      >
        <Table.Thead>
          {grouped && (
            <Table.Tr>
              <Table.Th w={HEAT_MAP_Y_AXIS_COLUMN_WIDTH} />
              {groups.map((g) => (
                // A parent group's columns stay together, so each group appears once.
                <Table.Th key={JSON.stringify(g.group)} colSpan={g.span} ta="center">
                  <UserText>{g.group ?? ''}</UserText>
                </Table.Th>
              ))}
            </Table.Tr>
          )}
          <Table.Tr>
            {/* The corner names what the rows are (the first group-by's title). */}
            <Table.Th w={HEAT_MAP_Y_AXIS_COLUMN_WIDTH} miw={HEAT_MAP_Y_AXIS_COLUMN_WIDTH}>
              <UserText>{rowTitle}</UserText>
            </Table.Th>
            {columns.map((column) => {
              const movable = column.kind === 'value';
              const state = drop?.key === column.key ? (drop.valid ? 'valid' : 'invalid') : undefined;
              return (
                <Table.Th
                  key={column.key}
                  data-kind={column.kind}
                  data-drop={state}
                  draggable={movable}
                  style={{
                    cursor: movable ? 'grab' : undefined,
                    outline: state === 'invalid' ? '2px dashed var(--mantine-color-red-6)' : undefined,
                  }}
                  onDragStart={(event) => {
                    event.dataTransfer?.setData('text/plain', column.key);
                    setDragged(column.key);
                  }}
                  onDragOver={(event) => dragOver(event, column.key)}
                  onDragLeave={() => setDrop(null)}
                  onDrop={(event) => {
                    event.preventDefault();
                    dropOn(column.key);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setDrop(null);
                  }}
                >
                  {label(column.kind, column.label)}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pivot.rows.map((row, rowIndex) => (
            <Table.Tr key={row.key} data-kind={row.kind}>
              <Table.Th
                w={HEAT_MAP_Y_AXIS_COLUMN_WIDTH}
                scope="row"
                style={{ fontWeight: row.kind === 'value' ? 500 : 600 }}
              >
                {label(row.kind, row.label)}
              </Table.Th>
              {columns.map((column) => {
                const value = row.cells[column.key] ?? null;
                const id = `${rowIndex}:${column.key}`;
                const summary = row.kind !== 'value' || column.kind !== 'value';
                return (
                  <Table.Td
                    key={column.key}
                    data-active={active === id ? 'true' : undefined}
                    style={{
                      ...cellStyle(value, summary),
                      cursor: 'pointer',
                      boxShadow: active === id ? 'inset 0 0 0 2px var(--mantine-color-dark-6)' : undefined,
                    }}
                    onClick={() => {
                      setActive(id);
                      onSelect?.(row.label, {
                        category: row.label,
                        series: column.label,
                        value,
                        row: { rowIndex, columnKey: column.key, ...row.cells },
                      });
                    }}
                  >
                    {show(value)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
