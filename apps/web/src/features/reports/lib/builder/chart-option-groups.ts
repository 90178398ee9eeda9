import type { ChartType } from '@attest/shared';

// The chart options of spec 2 §3.7 grouped as the builder shows them; each chart type shows only
// the groups it draws (a pie has no axes, only a bar chart stacks, only a map has a theme).
export const CHART_OPTION_GROUPS = [
  'colors',
  'axisLabels',
  'legend',
  'orientation',
  'valueLabels',
  'stacking',
  'percentageThreshold',
  'percentagesInLabels',
  'valueAsPercentage',
  'geoMap',
] as const;
export type ChartOptionGroup = (typeof CHART_OPTION_GROUPS)[number];

const BY_CHART: Record<ChartType, readonly ChartOptionGroup[]> = {
  LINE_CHART: ['colors', 'axisLabels', 'legend', 'valueLabels'],
  BAR_CHART: [
    'colors',
    'axisLabels',
    'legend',
    'orientation',
    'valueLabels',
    'stacking',
    'percentagesInLabels',
    'valueAsPercentage',
  ],
  PIE_CHART: ['colors', 'legend', 'valueLabels', 'percentageThreshold', 'percentagesInLabels'],
  SCATTER_CHART: ['colors', 'axisLabels', 'legend', 'valueLabels'],
  SPIDER_CHART: ['colors', 'legend', 'valueLabels'],
  HEAT_MAP_CHART: ['colors', 'axisLabels', 'valueAsPercentage'],
  GEO_MAP_CHART: ['colors', 'geoMap'],
};

export function chartOptionGroups(chartType: ChartType): ReadonlySet<ChartOptionGroup> {
  return new Set(BY_CHART[chartType]);
}
