import {
  CHART_DEFAULT_HEIGHT,
  cycleTimeAggregationOf,
  isPieLabelVisible,
  pieRadii,
  seriesColors,
} from '@attest/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Legend, Pie, PieChart, type PieLabelRenderProps, Tooltip } from 'recharts';
import { isolate } from '../../../components/user-text';
import { CATEGORY_KEY, type ChartSeries, toChartData } from './chart-data';
import { chartMirror, useChartRtl } from './chart-direction';
import { ChartEmpty } from './chart-empty';
import { ChartFrame, legendProps } from './chart-frame';
import type { ChartProps } from './chart-options';
import { formatChartValue, pieCycleTimeLabel, seriesValueStyle } from './value-format';
import { useValueLabels } from './value-labels';

const RADIAN = Math.PI / 180;

type Slice = { name: string; value: number; category: string };

// Spec 2 §2.8 PIE_CHART with concentric pies: one ring per value column, radii scaled with the
// number of pies; labels hidden at or below percentage_threshold; percentages with 4 significant
// digits; cycle-time columns labelled (min), (max) and (avg) (§9.1).
export function ReportPieChart({
  results,
  options = {},
  error,
  width,
  height = CHART_DEFAULT_HEIGHT,
  animate = true,
  onSelect,
}: ChartProps) {
  const { t } = useTranslation();
  // Pies ignore the secondary x-axis and the percentage display: each ring shows its own shares.
  const data = useMemo(
    () => toChartData(results, { dataOrder: options.data_order }),
    [results, options.data_order],
  );
  const labels = useValueLabels(options.show_value_on ?? 'always');
  const mirror = chartMirror(useChartRtl());

  if (error || !data) return <ChartEmpty error={error} height={height} />;

  const colors = seriesColors(options.colors, data.categories.length);
  const radii = pieRadii(data.series.length);
  const legend = legendProps(options, mirror.rtl);
  const showLabels = options.show_value_labels !== false;
  const showPercent = options.show_percentages_in_value_labels === true;
  const threshold = options.percentage_threshold ?? 0;

  const sliceName = (category: string, series: ChartSeries) => {
    const aggregation = cycleTimeAggregationOf(series.label);
    return aggregation ? pieCycleTimeLabel(category, aggregation, t) : category;
  };

  const slicesOf = (series: ChartSeries): Slice[] =>
    data.rows.map((row) => {
      const value = row[series.key];
      return {
        category: row[CATEGORY_KEY],
        name: sliceName(row[CATEGORY_KEY], series),
        value: typeof value === 'number' ? value : 0,
      };
    });

  const renderLabel = (series: ChartSeries) => (props: PieLabelRenderProps) => {
    const index = Number(props.index ?? -1);
    const percent = Number(props.percent ?? 0) * 100;
    if (!isPieLabelVisible(percent, threshold) || !labels.isVisible(index, series.key)) return null;
    const inner = Number(props.innerRadius ?? 0);
    const outer = Number(props.outerRadius ?? 0);
    const radius = inner + (outer - inner) / 2;
    const angle = Number(props.midAngle ?? 0);
    const x = Number(props.cx ?? 0) + radius * Math.cos(-angle * RADIAN);
    const y = Number(props.cy ?? 0) + radius * Math.sin(-angle * RADIAN);
    const text = showPercent
      ? formatChartValue(percent, 'piePercent', t)
      : formatChartValue(props.value, seriesValueStyle(series.label, false, 'piePercent'), t);
    return (
      <text
        x={x}
        y={y}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={11}
        fill="#fff"
        className="chart-value-label"
      >
        {text}
      </text>
    );
  };

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

  return (
    <ChartFrame width={width} height={height} testId="report-pie-chart">
      <PieChart width={width} height={width ? height : undefined}>
        <Tooltip
          contentStyle={mirror.textStyle}
          formatter={(value, name, item) => {
            const series = data.series.find((s) => s.key === item.dataKey);
            return [
              formatChartValue(value, seriesValueStyle(series?.label ?? '', false, 'piePercent'), t),
              isolate(String(name ?? '')),
            ];
          }}
        />
        {legend && <Legend {...legend} />}
        {data.series.map((series, ring) => (
          <Pie
            key={series.key}
            data={slicesOf(series)}
            dataKey="value"
            nameKey="name"
            // Right to left the slices go round the other way, from the left (the pie mirrored).
            startAngle={mirror.rtl ? 180 : 0}
            endAngle={mirror.rtl ? -180 : 360}
            innerRadius={radii[ring]?.innerRadius}
            outerRadius={radii[ring]?.outerRadius}
            isAnimationActive={animate}
            labelLine={false}
            label={showLabels ? renderLabel(series) : false}
            onClick={(_slice, index) => click(index, series)}
            onMouseEnter={(_slice, index) => labels.hover(index, series.key)}
            onMouseLeave={() => labels.leave()}
          >
            {data.rows.map((row, index) => {
              const active = labels.selection?.index === index && labels.selection.series === series.key;
              return (
                <Cell
                  key={row[CATEGORY_KEY]}
                  fill={colors[index % colors.length]}
                  stroke={active ? '#000' : '#fff'}
                  strokeWidth={active ? 2 : 1}
                  data-active={active ? 'true' : undefined}
                />
              );
            })}
          </Pie>
        ))}
      </PieChart>
    </ChartFrame>
  );
}
