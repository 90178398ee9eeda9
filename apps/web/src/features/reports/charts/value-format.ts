import {
  type CycleTimeAggregation,
  cycleTimeAggregationOf,
  type DurationUnits,
  formatBarPercent,
  formatDuration,
  formatPiePercent,
  formatSi,
  formatTooltipDate,
} from '@attest/shared';
import type { TFunction } from 'i18next';
import { isChartDay } from './chart-data';

export type ValueStyle = 'number' | 'barPercent' | 'piePercent' | 'duration';

export function durationUnits(t: TFunction): DurationUnits {
  return {
    day: t('reports.chart.duration.day'),
    hour: t('reports.chart.duration.hour'),
    minute: t('reports.chart.duration.minute'),
    second: t('reports.chart.duration.second'),
  };
}

// §9.1: SI numbers; percentages with 2 decimals (bars) or 4 significant digits (pies); cycle times
// (seconds) as durations.
export function formatChartValue(value: unknown, style: ValueStyle, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  if (style === 'barPercent') return formatBarPercent(number);
  if (style === 'piePercent') return formatPiePercent(number);
  if (style === 'duration') return formatDuration(number, durationUnits(t));
  return formatSi(number);
}

// Which style a series' values take: percentages win over durations, as the values are shares.
export function seriesValueStyle(
  seriesLabel: string,
  asPercent: boolean,
  percentStyle: ValueStyle,
): ValueStyle {
  if (asPercent) return percentStyle;
  return cycleTimeAggregationOf(seriesLabel) ? 'duration' : 'number';
}

// Cycle-time column headers are shown translated (§9.1).
export function seriesDisplayLabel(label: string, t: TFunction): string {
  const aggregation = cycleTimeAggregationOf(label);
  return aggregation ? t(`reports.chart.cycleTime.${aggregation}`) : label;
}

// In pies the cycle-time columns are labelled (min), (max) and (avg).
export function pieCycleTimeLabel(name: string, aggregation: CycleTimeAggregation, t: TFunction): string {
  return t('reports.chart.cycleTime.pieLabel', {
    name,
    aggregation: t(`reports.chart.cycleTime.short.${aggregation}`),
  });
}

const monthCache = new Map<string, string[]>();

// Tooltip dates are MMM DD, YYYY (§9.1), with the viewer's language's month abbreviations.
export function tooltipLabel(label: unknown, language: string): string {
  if (!isChartDay(label)) return label === null || label === undefined ? '' : String(label);
  let months = monthCache.get(language);
  if (!months) {
    const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    months = Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2026, m, 15))));
    monthCache.set(language, months);
  }
  return formatTooltipDate(label, months) ?? label;
}
