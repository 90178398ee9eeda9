import { CHART_DEFAULT_HEIGHT } from '@attest/shared';
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
import { useCartesianSetup } from './axis-setup';
import { CATEGORY_KEY, type ChartSeries } from './chart-data';
import { ChartEmpty } from './chart-empty';
import { ChartFrame, categoryTickLayout, formatXAxisTick, YAxisTick } from './chart-frame';
import type { ChartProps } from './chart-options';
import { ChartPoint } from './chart-point';

type DotProps = { cx?: number; cy?: number; index?: number; value?: unknown };

// Spec 2 §2.8 LINE_CHART (the default chart type): one line per series; a click on a point
// selects it and calls onSelect with the active label and payload (§4.2).
const LINE_MARGIN = { top: 20, right: 24, bottom: 5, left: 5 };
// Right to left the last point is at the left.
const LINE_MARGIN_RTL = { ...LINE_MARGIN, right: 5, left: 24 };

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
  const setup = useCartesianSetup(results, options, dimensions, onSelect);
  const { t, data, labels, colors, xLabel, yLabel, legend, showLabels, angle } = setup;
  const { formatValue, formatAxis, seriesName, tooltip, mirror } = setup;

  if (error || !data || !results) return <ChartEmpty error={error} height={height} />;

  const click = (index: number, series: ChartSeries) => setup.select(index, series);

  const renderDot = (series: ChartSeries, colour: string) => (props: DotProps) => {
    const index = props.index ?? -1;
    if (props.cx === undefined || props.cy === undefined || props.value === null) return null;
    const active = labels.selection?.index === index && labels.selection.series === series.key;
    return (
      <ChartPoint
        key={`${series.key}-${index}`}
        cx={props.cx}
        cy={props.cy}
        colour={colour}
        active={active}
        className="chart-line-point"
        label={t('reports.chart.pointLabel', {
          category: data.rows[index]?.[CATEGORY_KEY] ?? '',
          series: seriesName(series),
          value: formatValue(props.value, series),
        })}
        onSelect={() => click(index, series)}
        onHover={() => labels.hover(index, series.key)}
        onLeave={() => labels.leave()}
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
        {formatValue(props.value, series)}
      </text>
    );
  };

  return (
    <ChartFrame width={width} height={height} xLabel={xLabel} yLabel={yLabel} testId="report-line-chart">
      <LineChart
        width={width}
        height={width ? height : undefined}
        data={data.rows}
        // Room for the value labels above the highest point and beside the last one.
        margin={mirror.rtl ? LINE_MARGIN_RTL : LINE_MARGIN}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          type="category"
          dataKey={CATEGORY_KEY}
          reversed={mirror.reversed}
          tickFormatter={formatXAxisTick}
          {...categoryTickLayout(data.rows.length, mirror.rtl)}
        />
        <YAxis
          type="number"
          orientation={mirror.yOrientation}
          tick={<YAxisTick formatter={formatAxis} side={mirror.yOrientation} />}
        />
        <Tooltip {...tooltip} />
        {legend && <Legend {...legend} />}
        {data.series.map((series, i) => {
          const colour = colors[i] ?? colors[0] ?? '#000';
          return (
            <Line
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={seriesName(series)}
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
