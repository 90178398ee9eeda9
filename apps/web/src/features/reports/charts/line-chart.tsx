import { CHART_DEFAULT_HEIGHT, seriesColors } from '@attest/shared';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  LabelList,
  type LabelProps,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CATEGORY_KEY, type ChartSeries, categoryLabel } from './chart-data';
import { ChartEmpty } from './chart-empty';
import {
  axisLabels,
  ChartFrame,
  categoryTickLayout,
  formatXAxisTick,
  legendProps,
  YAxisTick,
} from './chart-frame';
import type { ChartProps } from './chart-options';
import { useCartesianChartData } from './use-chart-data';
import { formatChartValue, seriesDisplayLabel, seriesValueStyle, tooltipLabel } from './value-format';
import { useValueLabels } from './value-labels';

type DotProps = { cx?: number; cy?: number; index?: number; value?: unknown };

// Spec 2 §2.8 LINE_CHART (the default chart type): one line per series; a click on a point
// selects it and calls onSelect with the active label and payload (§4.2).
export function ReportLineChart({
  results,
  options = {},
  dimensions = 1,
  error,
  width,
  height = CHART_DEFAULT_HEIGHT,
  animate = true,
  onSelect,
}: ChartProps) {
  const { t, i18n } = useTranslation();
  const data = useCartesianChartData(results, options, dimensions);
  const labels = useValueLabels(options.show_value_on ?? 'always');

  if (error || !data || !results) return <ChartEmpty error={error} height={height} />;

  const colors = seriesColors(options.colors, data.series.length);
  const asPercent = options.display_value_as_percentage === true;
  const styleOf = (series: ChartSeries) => seriesValueStyle(series.label, asPercent, 'barPercent');
  const axisStyle = data.series[0] ? styleOf(data.series[0]) : 'number';
  const header = results[0] ?? [];
  const { xLabel, yLabel } = axisLabels(
    options,
    categoryLabel(header[0]),
    seriesDisplayLabel(categoryLabel(header[header.length - 1]), t),
  );
  const legend = legendProps(options);
  const showLabels = options.show_value_labels !== false;
  const angle = options.value_label_angle ?? 0;

  const click = (index: number, series: ChartSeries) => {
    const row = data.rows[index];
    if (!row) return;
    labels.select(index, series.key);
    const value = row[series.key];
    onSelect?.(row[CATEGORY_KEY], {
      category: row[CATEGORY_KEY],
      series: series.label,
      value: typeof value === 'number' ? value : null,
      row,
    });
  };

  const renderDot = (series: ChartSeries, colour: string) => (props: DotProps) => {
    const index = props.index ?? -1;
    if (props.cx === undefined || props.cy === undefined || props.value === null) return null;
    const active = labels.selection?.index === index && labels.selection.series === series.key;
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a <button>; it takes the role instead
      <circle
        key={`${series.key}-${index}`}
        cx={props.cx}
        cy={props.cy}
        r={active ? 6 : 4}
        fill={active ? colour : '#fff'}
        stroke={colour}
        strokeWidth={2}
        className="chart-line-point"
        data-active={active ? 'true' : undefined}
        style={{ cursor: 'pointer' }}
        role="button"
        tabIndex={0}
        aria-label={t('reports.chart.pointLabel', {
          category: data.rows[index]?.[CATEGORY_KEY] ?? '',
          series: seriesDisplayLabel(series.label, t),
          value: formatChartValue(props.value, styleOf(series), t),
        })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') click(index, series);
        }}
        onClick={() => click(index, series)}
        onMouseEnter={() => labels.hover(index, series.key)}
        onMouseLeave={() => labels.leave()}
      />
    );
  };

  const renderLabel = (series: ChartSeries) => (props: LabelProps) => {
    const index = props.index ?? -1;
    if (props.value === null || props.value === undefined || !labels.isVisible(index, series.key))
      return null;
    const x = Number(props.x ?? 0);
    const y = Number(props.y ?? 0) - 10;
    return (
      <text
        x={x}
        y={y}
        textAnchor="middle"
        fontSize={11}
        fill="currentColor"
        className="chart-value-label"
        transform={angle ? `rotate(${angle}, ${x}, ${y})` : undefined}
      >
        {formatChartValue(props.value, styleOf(series), t)}
      </text>
    );
  };

  return (
    <ChartFrame width={width} height={height} xLabel={xLabel} yLabel={yLabel} testId="report-line-chart">
      <LineChart width={width} height={width ? height : undefined} data={data.rows}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          type="category"
          dataKey={CATEGORY_KEY}
          tickFormatter={formatXAxisTick}
          {...categoryTickLayout(data.rows.length)}
        />
        <YAxis
          type="number"
          tick={<YAxisTick formatter={(value) => formatChartValue(value, axisStyle, t)} />}
        />
        <Tooltip
          formatter={(value, _name, item) => {
            const series = data.series.find((s) => s.key === item.dataKey);
            return series ? formatChartValue(value, styleOf(series), t) : String(value);
          }}
          labelFormatter={(label) => tooltipLabel(label, i18n.language)}
        />
        {legend && <Legend {...legend} />}
        {data.series.map((series, i) => {
          const colour = colors[i] ?? colors[0] ?? '#000';
          return (
            <Line
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={seriesDisplayLabel(series.label, t)}
              stroke={colour}
              strokeWidth={2}
              isAnimationActive={animate}
              connectNulls
              dot={renderDot(series, colour)}
              activeDot={false}
            >
              {showLabels && <LabelList dataKey={series.key} content={renderLabel(series)} />}
            </Line>
          );
        })}
      </LineChart>
    </ChartFrame>
  );
}
