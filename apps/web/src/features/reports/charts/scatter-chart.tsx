import { CHART_DEFAULT_HEIGHT } from '@attest/shared';
import { CartesianGrid, Cell, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useCartesianSetup } from './axis-setup';
import { CATEGORY_KEY, type ChartRow, type ChartSeries } from './chart-data';
import { ChartEmpty } from './chart-empty';
import { ChartFrame, formatXAxisTick, YAxisTick } from './chart-frame';
import type { ChartProps } from './chart-options';

// Spec 2 §2.8 SCATTER_CHART: one point per category and series; a click selects the point and
// calls onSelect with the active label and payload (§4.2).
export function ReportScatterChart({
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
  const { data, labels, colors, xLabel, yLabel, legend, formatAxis, seriesName, tooltip, mirror } = setup;

  if (error || !data || !results) return <ChartEmpty error={error} height={height} />;

  const click = (index: number, series: ChartSeries) => setup.select(index, series);

  return (
    <ChartFrame width={width} height={height} xLabel={xLabel} yLabel={yLabel} testId="report-scatter-chart">
      <ScatterChart width={width} height={width ? height : undefined}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="category"
          dataKey={CATEGORY_KEY}
          allowDuplicatedCategory={false}
          reversed={mirror.reversed}
          tickFormatter={formatXAxisTick}
          // Every series shares the categories, in the report's order.
          ticks={data.categories}
        />
        <YAxis
          type="number"
          orientation={mirror.yOrientation}
          tick={<YAxisTick formatter={formatAxis} side={mirror.yOrientation} />}
        />
        <Tooltip {...tooltip} />
        {legend && <Legend {...legend} />}
        {data.series.map((series, i) => (
          <Scatter
            key={series.key}
            name={seriesName(series)}
            data={data.rows.filter((row: ChartRow) => row[series.key] !== null)}
            dataKey={series.key}
            fill={colors[i] ?? colors[0]}
            isAnimationActive={animate}
            cursor="pointer"
            onClick={(_point, index) => {
              const row = data.rows.filter((r) => r[series.key] !== null)[index];
              click(row ? data.rows.indexOf(row) : -1, series);
            }}
          >
            {data.rows
              .filter((row) => row[series.key] !== null)
              .map((row) => {
                const index = data.rows.indexOf(row);
                const active = labels.selection?.index === index && labels.selection.series === series.key;
                return (
                  <Cell
                    key={row[CATEGORY_KEY]}
                    className="chart-scatter-point"
                    data-active={active ? 'true' : undefined}
                    stroke={active ? '#000' : undefined}
                    strokeWidth={active ? 2 : 0}
                  />
                );
              })}
          </Scatter>
        ))}
      </ScatterChart>
    </ChartFrame>
  );
}
