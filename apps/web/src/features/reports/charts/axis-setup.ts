import { seriesColors } from '@attest/shared';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import {
  CATEGORY_KEY,
  type ChartResults,
  type ChartRow,
  type ChartSeries,
  categoryLabel,
} from './chart-data';
import { chartMirror, useChartRtl } from './chart-direction';
import { axisLabels, legendProps } from './chart-frame';
import type { ChartOptions, ChartSelectHandler } from './chart-options';
import { useCartesianChartData } from './use-chart-data';
import { formatChartValue, seriesDisplayLabel, seriesValueStyle, tooltipLabel } from './value-format';
import { useValueLabels } from './value-labels';

type TooltipItem = { dataKey?: unknown };

// What the bar, line, scatter and spider charts set up alike: their data, series colours, value
// labels (§4.2), the value style of each series (§9.1: SI numbers, bar percentages or durations),
// the axis labels (§3.7 auto by default), the legend, the tooltip's text, and the click that
// selects a point and calls onSelect with the active label and payload.
export function useCartesianSetup(
  results: ChartResults | null | undefined,
  options: ChartOptions,
  dimensions: number,
  onSelect: ChartSelectHandler | undefined,
) {
  const { t, i18n } = useTranslation();
  const mirror = chartMirror(useChartRtl());
  const data = useCartesianChartData(results, options, dimensions);
  const labels = useValueLabels(options.show_value_on ?? 'always');
  const asPercent = options.display_value_as_percentage === true;
  const styleOf = (series: ChartSeries) => seriesValueStyle(series.label, asPercent, 'barPercent');
  const axisStyle = data?.series[0] ? styleOf(data.series[0]) : 'number';
  const header = results?.[0] ?? [];
  const { xLabel, yLabel } = axisLabels(
    options,
    categoryLabel(header[0]),
    seriesDisplayLabel(categoryLabel(header[header.length - 1]), t),
  );

  const select = (index: number, series: ChartSeries, row: ChartRow | undefined = data?.rows[index]) => {
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

  return {
    t,
    data,
    labels,
    asPercent,
    styleOf,
    colors: seriesColors(options.colors, data?.series.length ?? 0),
    xLabel,
    yLabel,
    mirror,
    legend: legendProps(options, mirror.rtl),
    showLabels: options.show_value_labels !== false,
    angle: options.value_label_angle ?? 0,
    formatValue: (value: unknown, series: ChartSeries) => formatChartValue(value, styleOf(series), t),
    formatAxis: (value: unknown) => formatChartValue(value, axisStyle, t),
    seriesName: (series: ChartSeries) => seriesDisplayLabel(series.label, t),
    tooltip: {
      formatter: (value: unknown, _name: unknown, item: TooltipItem) => {
        const series = data?.series.find((s) => s.key === item.dataKey);
        return series ? formatChartValue(value, styleOf(series), t) : String(value);
      },
      // The category is the tenant's data: isolated, it keeps its own order in the other direction.
      labelFormatter: (label: unknown) => isolate(tooltipLabel(label, i18n.language)),
      contentStyle: mirror.textStyle,
    },
    select,
  };
}
