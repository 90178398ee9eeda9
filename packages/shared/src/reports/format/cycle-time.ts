// Spec 2 §9.1: cycle-time columns are Minimum, Maximum and Average Cycle Time, labelled (min), (max)
// and (avg) in pies. The web app translates the labels (reports.chart.cycleTime.*); these English
// forms are for CSV headers and other server-side text.
export const CYCLE_TIME_AGGREGATIONS = ['min', 'max', 'avg'] as const;
export type CycleTimeAggregation = (typeof CYCLE_TIME_AGGREGATIONS)[number];

export const CYCLE_TIME_COLUMN_LABELS: Record<CycleTimeAggregation, string> = {
  min: 'Minimum Cycle Time',
  max: 'Maximum Cycle Time',
  avg: 'Average Cycle Time',
};

export function cycleTimePieLabel(name: string, aggregation: CycleTimeAggregation): string {
  return `${name} (${aggregation})`;
}

// Header cells are matched on their English label; the heat map refuses the minimum column (§2.8).
export function cycleTimeAggregationOf(header: string): CycleTimeAggregation | null {
  for (const aggregation of CYCLE_TIME_AGGREGATIONS) {
    if (header === CYCLE_TIME_COLUMN_LABELS[aggregation]) return aggregation;
  }
  return null;
}
