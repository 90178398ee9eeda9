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
