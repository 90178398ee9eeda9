import { BAR_FILL_OPACITY, CHART_DEFAULT_HEIGHT, truncateSpiderTick } from '@attest/shared';
import { Legend, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, Tooltip } from 'recharts';
import { isolate } from '../../../components/user-text';
import { useCartesianSetup } from './axis-setup';
import { CATEGORY_KEY, type ChartSeries } from './chart-data';
import { ChartEmpty } from './chart-empty';
import { ChartFrame } from './chart-frame';
import type { ChartProps } from './chart-options';
import { ChartPoint } from './chart-point';

type DotProps = { cx?: number; cy?: number; index?: number };

type AngleTickProps = {
  x?: number | string;
  y?: number | string;
  textAnchor?: string;
  payload?: { value: unknown };
};

// Spider tick text: 50 characters plus an ellipsis (§9.1); the full text is the SVG title.
function SpiderTick({ x = 0, y = 0, textAnchor = 'middle', payload }: AngleTickProps) {
  const full = String(payload?.value ?? '');
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      textAnchor={textAnchor as 'start' | 'middle' | 'end'}
      fontSize={12}
      fill="currentColor"
      className="chart-spider-tick"
    >
      <title>{full}</title>
      {isolate(truncateSpiderTick(full))}
    </text>
  );
}

// Spec 2 §2.8 SPIDER_CHART: one polygon per series over the categories; clicking a point selects it
// and calls onSelect with the active label and payload (§4.2).
export function ReportSpiderChart({
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
  const {
    t,
    data,
    labels,
    colors,
    legend,
    showLabels,
    formatValue,
    formatAxis,
    seriesName,
    tooltip,
    mirror,
  } = setup;

  if (error || !data) return <ChartEmpty error={error} height={height} />;
  const rows = data.rows;

  const click = (index: number, series: ChartSeries) => setup.select(index, series);

  // A point per category: click selects it (§4.2); its value label follows show_value_on.
  const renderDot = (series: ChartSeries, colour: string) => (props: DotProps) => {
    const index = props.index ?? -1;
    if (props.cx === undefined || props.cy === undefined) return null;
    const row = rows[index];
    const value = row?.[series.key] ?? null;
    const active = labels.selection?.index === index && labels.selection.series === series.key;
    const text = formatValue(value, series);
    return (
      <g key={`${series.key}-${index}`}>
        <ChartPoint
          cx={props.cx}
          cy={props.cy}
          colour={colour}
          active={active}
          className="chart-spider-point"
          label={t('reports.chart.pointLabel', {
            category: row?.[CATEGORY_KEY] ?? '',
            series: seriesName(series),
            value: text,
          })}
          onSelect={() => click(index, series)}
          onHover={() => labels.hover(index, series.key)}
          onLeave={() => labels.leave()}
        />
        {showLabels && value !== null && labels.isVisible(index, series.key) && (
          <text
            x={props.cx}
            y={props.cy - 10}
            textAnchor="middle"
            fontSize={11}
            fill="currentColor"
            className="chart-value-label"
          >
            {text}
          </text>
        )}
      </g>
    );
  };

  return (
    <ChartFrame width={width} height={height} testId="report-spider-chart">
      <RadarChart width={width} height={width ? height : undefined} data={data.rows} outerRadius="75%">
        <PolarGrid />
        {/* Right to left the categories go round anticlockwise from the top. */}
        <PolarAngleAxis dataKey={CATEGORY_KEY} reversed={mirror.reversed} tick={<SpiderTick />} />
        <PolarRadiusAxis tickFormatter={formatAxis} />
        <Tooltip {...tooltip} />
        {legend && <Legend {...legend} />}
        {data.series.map((series, i) => (
          <Radar
            key={series.key}
            dataKey={series.key}
            name={seriesName(series)}
            stroke={colors[i] ?? colors[0]}
            fill={colors[i] ?? colors[0]}
            fillOpacity={BAR_FILL_OPACITY / 2}
            isAnimationActive={animate}
            dot={renderDot(series, colors[i] ?? colors[0] ?? '#000')}
          />
        ))}
      </RadarChart>
    </ChartFrame>
  );
}
