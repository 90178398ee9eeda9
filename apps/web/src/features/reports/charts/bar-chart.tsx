import {
  BAR_FILL_OPACITY,
  barLayout,
  CHART_DEFAULT_HEIGHT,
  formatBarPercent,
  swapCategories,
  toPercentageMatrix,
} from '@attest/shared';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  Bar,
  BarChart,
  type BarRectangleItem,
  type BarShapeProps,
  CartesianGrid,
  Cell,
  LabelList,
  type LabelProps,
  Legend,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useCartesianSetup } from './axis-setup';
import { CATEGORY_KEY, type ChartRow, type ChartSeries } from './chart-data';
import { ChartEmpty } from './chart-empty';
import { ChartFrame, categoryTickLayout, formatXAxisTick, YAxisTick } from './chart-frame';
import type { ChartProps } from './chart-options';
import { labelFitsInside, VALUE_LABEL_FONT_SIZE } from './label-fit';

export type BarChartProps = ChartProps & {
  // §4.2: dragging one bar onto another swaps the two categories and reports the new data order;
  // so does Alt with an arrow key on a focused bar (it swaps with its neighbour). Without this
  // handler the bars cannot be moved.
  onDataOrderChange?: (dataOrder: string[]) => void;
};

// Spec 2 §2.8: stacked vertical, stacked horizontal and grouped bars; stacked by default with
// exactly 2 x-axis entries (§3.7); value labels always, on hover or on click (§4.2).
export function ReportBarChart({
  results,
  options = {},
  dimensions = 1,
  error,
  width,
  height = CHART_DEFAULT_HEIGHT,
  animate = true,
  onSelect,
  onDataOrderChange,
}: BarChartProps) {
  const setup = useCartesianSetup(results, options, dimensions, onSelect);
  const { t, data, labels, colors, asPercent, legend, showLabels, angle } = setup;
  const { formatValue, formatAxis, seriesName, tooltip, mirror } = setup;
  const dragged = useRef<string | null>(null);
  // The dragged category, for its dashed outline; a release anywhere ends the drag.
  const [dragging, setDragging] = useState<string | null>(null);
  useEffect(() => {
    if (dragging === null) return;
    const end = () => {
      dragged.current = null;
      setDragging(null);
    };
    window.addEventListener('mouseup', end);
    return () => window.removeEventListener('mouseup', end);
  }, [dragging]);
  // A bar moved with the keyboard keeps the focus at its new place. Recharts redraws the bars in
  // renders of its own (and may replace their nodes), so the chart's DOM is watched until the next
  // key or click; focus the user moved elsewhere on the page is left alone.
  const frame = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ category: string; series: string } | null>(null);
  const drawn = Boolean(data && results && !error);
  useEffect(() => {
    if (!drawn) return;
    const root = frame.current;
    if (!root) return;
    const restore = () => {
      const target = refocus.current;
      if (!target) return;
      const active = document.activeElement;
      if (active && active !== document.body && !root.contains(active)) return;
      const bar = [...root.querySelectorAll<SVGGElement>('[data-bar-category]')].find(
        (node) => node.dataset.barCategory === target.category && node.dataset.barSeries === target.series,
      );
      if (bar && active !== bar) bar.focus();
    };
    const observer = new MutationObserver(restore);
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    return () => observer.disconnect();
  }, [drawn]);
  // show_percentages_in_value_labels: each label adds the bar's share, by the configured
  // percentage_calculation_type (its category, its series or the whole chart). With one series a
  // share of its category is always 100 %, so there it is the share of the series' total.
  const shares = useMemo(
    () =>
      data
        ? toPercentageMatrix(
            data.rows.map((row) => data.series.map((series) => row[series.key] ?? null)),
            data.series.length === 1 ? 'column' : options.percentage_calculation_type,
          )
        : [],
    [data, options.percentage_calculation_type],
  );

  if (error || !data || !results) return <ChartEmpty error={error} height={height} />;

  const layout = barLayout(dimensions, options);
  const horizontal = layout.orientation === 'horizontal';
  // Horizontal bars put the categories on the vertical axis, and their label with them.
  const { xLabel, yLabel } = horizontal ? { xLabel: setup.yLabel, yLabel: setup.xLabel } : setup;
  const withShare = options.show_percentages_in_value_labels === true && !asPercent;
  const selectedKey = labels.selection;

  const click = (item: BarRectangleItem, index: number, series: ChartSeries) =>
    setup.select(index, series, item.payload as ChartRow);

  const drop = (item: BarRectangleItem) => {
    const target = (item.payload as ChartRow)[CATEGORY_KEY];
    const source = dragged.current;
    dragged.current = null;
    setDragging(null);
    if (source === null || source === target || !onDataOrderChange) return;
    onDataOrderChange(swapCategories(data.categories, source, target));
  };

  const move = (category: string, series: ChartSeries, step: -1 | 1) => {
    const from = data.categories.indexOf(category);
    const neighbour = data.categories[from + step];
    if (!onDataOrderChange || from < 0 || neighbour === undefined) return;
    refocus.current = { category, series: series.key };
    onDataOrderChange(swapCategories(data.categories, category, neighbour));
  };
  // Horizontal bars run top to bottom, so Up and Down move them; vertical bars Left and Right, which
  // right to left (categories from the right) means Left moves a bar on.
  const keyStep = (event: KeyboardEvent): -1 | 1 | null => {
    if (!event.altKey) return null;
    const back = horizontal ? 'ArrowUp' : mirror.rtl ? 'ArrowRight' : 'ArrowLeft';
    const forward = horizontal ? 'ArrowDown' : mirror.rtl ? 'ArrowLeft' : 'ArrowRight';
    return event.key === back ? -1 : event.key === forward ? 1 : null;
  };

  const renderBar = (series: ChartSeries) => (props: BarShapeProps) => {
    const row = props.payload as ChartRow;
    const category = row[CATEGORY_KEY];
    const value = formatValue(row[series.key], series);
    const label = t('reports.chart.pointLabel', {
      category,
      series: seriesName(series),
      value,
    });
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG bar cannot be a <button>; it takes the role instead
      <g
        role="button"
        tabIndex={0}
        aria-label={
          onDataOrderChange
            ? `${label}. ${t(horizontal ? 'reports.chart.bar.moveHintVertical' : 'reports.chart.bar.moveHint')}`
            : label
        }
        data-bar-category={category}
        data-bar-series={series.key}
        className="chart-bar"
        onKeyDown={(event) => {
          const step = keyStep(event);
          if (step === null) refocus.current = null;
          // Handled here only: Recharts' own keyboard layer would also move its tooltip.
          if (step !== null) {
            event.preventDefault();
            event.stopPropagation();
            move(category, series, step);
          } else if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            event.stopPropagation();
            click(props, props.index, series);
          }
        }}
      >
        <Rectangle {...props} />
      </g>
    );
  };

  const renderLabel = (series: ChartSeries) => (props: LabelProps) => {
    const index = props.index ?? -1;
    if (props.value === null || props.value === undefined || !labels.isVisible(index, series.key))
      return null;
    const x = Number(props.x ?? 0);
    const y = Number(props.y ?? 0);
    const w = Number(props.width ?? 0);
    const h = Number(props.height ?? 0);
    // Stacked segments carry their label inside; single bars above (or beside) the bar.
    const inside = layout.stacked;
    const text = `${formatValue(props.value, series)}${
      withShare ? ` (${formatBarPercent(shares[index]?.[data.series.indexOf(series)] ?? 0)})` : ''
    }`;
    // Labels shown always skip segments too small to hold them; one the user hovered or clicked shows.
    const always = (options.show_value_on ?? 'always') === 'always';
    if (inside && always && !labelFitsInside({ width: w, height: h }, text, angle)) return null;
    // Beside a horizontal bar: at its end, which right to left (values from the right) is its left.
    const beside = horizontal && !inside;
    const lx = !beside ? x + w / 2 : mirror.rtl ? Math.min(x, x + w) - 4 : Math.max(x, x + w) + 4;
    const ly = !horizontal && !inside ? y - 6 : y + h / 2;
    return (
      <text
        x={lx}
        y={ly}
        textAnchor={!beside ? 'middle' : mirror.rtl ? 'end' : 'start'}
        dominantBaseline={inside || horizontal ? 'middle' : 'auto'}
        fontSize={VALUE_LABEL_FONT_SIZE}
        fill="currentColor"
        className="chart-value-label"
        // The label never takes the pointer from its bar: hovering, clicking or dragging a segment
        // at its centre must reach the bar under the number.
        pointerEvents="none"
        transform={angle ? `rotate(${angle}, ${lx}, ${ly})` : undefined}
      >
        {text}
      </text>
    );
  };

  const valueAxis = horizontal ? (
    <XAxis type="number" reversed={mirror.reversed} tickFormatter={(value) => formatAxis(value)} />
  ) : (
    <YAxis
      type="number"
      orientation={mirror.yOrientation}
      tick={<YAxisTick formatter={formatAxis} side={mirror.yOrientation} />}
    />
  );
  const categoryAxis = horizontal ? (
    <YAxis
      type="category"
      dataKey={CATEGORY_KEY}
      width={130}
      interval={0}
      orientation={mirror.yOrientation}
      tick={<YAxisTick side={mirror.yOrientation} />}
    />
  ) : (
    <XAxis
      type="category"
      dataKey={CATEGORY_KEY}
      reversed={mirror.reversed}
      tickFormatter={formatXAxisTick}
      {...categoryTickLayout(data.rows.length, mirror.rtl)}
    />
  );

  return (
    <div ref={frame}>
      <ChartFrame width={width} height={height} xLabel={xLabel} yLabel={yLabel} testId="report-bar-chart">
        <BarChart
          width={width}
          height={width ? height : undefined}
          data={data.rows}
          layout={horizontal ? 'vertical' : 'horizontal'}
          onMouseUp={() => {
            dragged.current = null;
          }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
          {categoryAxis}
          {valueAxis}
          <Tooltip {...tooltip} />
          {legend && <Legend {...legend} />}
          {data.series.map((series, i) => {
            const colour = colors[i] ?? colors[0];
            return (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={seriesName(series)}
                stackId={layout.stacked ? 'stack' : undefined}
                fill={colour}
                stroke={colour}
                fillOpacity={BAR_FILL_OPACITY}
                isAnimationActive={animate}
                shape={renderBar(series)}
                cursor={onDataOrderChange ? 'grab' : 'pointer'}
                onClick={(item, index) => click(item, index, series)}
                onMouseEnter={(_item, index) => labels.hover(index, series.key)}
                onMouseLeave={() => labels.leave()}
                onMouseDown={(item) => {
                  refocus.current = null;
                  if (!onDataOrderChange) return;
                  dragged.current = (item.payload as ChartRow)[CATEGORY_KEY];
                  setDragging(dragged.current);
                }}
                onMouseUp={(item) => drop(item)}
              >
                {data.rows.map((row, index) => {
                  const active = selectedKey?.index === index && selectedKey.series === series.key;
                  const moving = dragging === row[CATEGORY_KEY];
                  return (
                    <Cell
                      key={row[CATEGORY_KEY]}
                      fillOpacity={active ? 1 : BAR_FILL_OPACITY}
                      strokeWidth={active || moving ? 2 : 1}
                      strokeDasharray={moving ? '4 2' : undefined}
                      data-active={active ? 'true' : undefined}
                      data-dragging={moving ? 'true' : undefined}
                    />
                  );
                })}
                {showLabels && <LabelList dataKey={series.key} content={renderLabel(series)} />}
              </Bar>
            );
          })}
        </BarChart>
      </ChartFrame>
    </div>
  );
}
