import {
  camelToSnake,
  defaultOtherConfigurations,
  type OtherConfigurations,
  OtherConfigurationsSchema,
} from '@attest/shared';

export type ChartExportData = {
  reportType: string;
  graphConfig: { chartType: string; chartConfig: unknown };
  data: unknown;
  error: string | null;
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Spec 2 section 2.7: `data` holds an encoded JSON object; report type defaults to Workflow Report
// and chart type to LINE_CHART. Plain URI encoding and base64 are both accepted.
export function decodeChartExport(raw: string | null): ChartExportData | null {
  if (!raw) return null;
  let decoded = parse(raw);
  if (decoded === undefined) {
    try {
      decoded = parse(atob(raw));
    } catch {
      return null;
    }
  }
  if (!isObject(decoded)) return null;
  const graphConfig = isObject(decoded.graphConfig) ? decoded.graphConfig : {};
  return {
    reportType: typeof decoded.reportType === 'string' ? decoded.reportType : 'Workflow Report',
    graphConfig: {
      chartType: typeof graphConfig.chartType === 'string' ? graphConfig.chartType : 'LINE_CHART',
      chartConfig: graphConfig.chartConfig ?? {},
    },
    data: decoded.data ?? null,
    error: typeof decoded.error === 'string' ? decoded.error : null,
  };
}

// Keys whose value is data (a list of categories or colours): mapped key, untouched value, as in
// client-config.ts.
const OPAQUE_KEYS = new Set(['dataOrder', 'spectrum', 'custom']);

function toServerKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toServerKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      camelToSnake(key),
      OPAQUE_KEYS.has(key) ? inner : toServerKeys(inner),
    ]),
  );
}

// The chart options of an export: the client-named chart configuration (spec 2 §3.7), or the
// otherConfig of a whole client configuration, as other_configurations. Every option that is
// missing or not valid takes its default, so one bad value does not blank the chart.
export function exportChartOptions(chartConfig: unknown): OtherConfigurations {
  const client =
    isObject(chartConfig) && isObject(chartConfig.otherConfig) ? chartConfig.otherConfig : chartConfig;
  const other = toServerKeys(isObject(client) ? client : {}) as Record<string, unknown>;
  for (let attempt = 0; attempt < 50; attempt++) {
    const parsed = OtherConfigurationsSchema.safeParse(other);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    // An unknown key (the schema is strict) names itself in the issue's keys.
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) bad.add(key);
    }
    for (const key of bad) delete other[key];
    if (bad.size === 0 || [...bad].every((key) => key === '')) break;
  }
  return defaultOtherConfigurations();
}

// `data` is the results (header row, then value rows), or the API's { results, count }.
export function exportChartResults(data: unknown): unknown[][] | null {
  const results = isObject(data) ? data.results : data;
  if (!Array.isArray(results) || !results.every(Array.isArray)) return null;
  return results as unknown[][];
}

// How many leading columns are group-by columns: the xAxis entries of a whole client configuration,
// otherwise one (the chart export names no group-by).
export function exportChartDimensions(chartConfig: unknown): number {
  const xAxis = isObject(chartConfig) ? chartConfig.xAxis : undefined;
  return Array.isArray(xAxis) && xAxis.length > 0 ? xAxis.length : 1;
}
