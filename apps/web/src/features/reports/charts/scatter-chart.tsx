import { CHART_DEFAULT_HEIGHT, seriesColors } from '@attest/shared';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Cell, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CATEGORY_KEY, type ChartRow, type ChartSeries, categoryLabel } from './chart-data';
import { ChartEmpty } from './chart-empty';
import { axisLabels, ChartFrame, formatXAxisTick, legendProps, YAxisTick } from './chart-frame';
import type { ChartProps } from './chart-options';
import { useCartesianChartData } from './use-chart-data';
import { formatChartValue, seriesDisplayLabel, seriesValueStyle, tooltipLabel } from './value-format';
import { useValueLabels } from './value-labels';

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
    <ChartFrame width={width} height={height} xLabel={xLabel} yLabel={yLabel} testId="report-scatter-chart">
      <ScatterChart width={width} height={width ? height : undefined}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="category"
          dataKey={CATEGORY_KEY}
          allowDuplicatedCategory={false}
          tickFormatter={formatXAxisTick}
          // Every series shares the categories, in the report's order.
          ticks={data.categories}
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
        {data.series.map((series, i) => (
          <Scatter
            key={series.key}
            name={seriesDisplayLabel(series.label, t)}
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
