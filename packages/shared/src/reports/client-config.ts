import type { ReportConfig } from './config.js';
import { parseReportConfig } from './config.js';

// Spec 2 §3.7: the web app names the same configuration differently: camelCase keys, the group-by
// columns as xAxis, the operations as yAxis, otherConfig for other_configurations, and three chart
// options spelled with "should". toClientConfig and toServerConfig map one to the other, key by key;
// values (sources, tags, filter values, colours) are never touched.
const TOP_LEVEL: Record<string, string> = {
  report_kind: 'reportKind',
  kind_id: 'kindId',
  object_type_id: 'objectTypeId',
  chart_type: 'chartType',
  attributes: 'attributes',
  operations: 'yAxis',
  group_by: 'xAxis',
  order_by: 'orderBy',
  filters: 'filters',
  other_configurations: 'otherConfig',
};

// §3.7 names that are not the plain camelCase of the server's.
const RENAMED: Record<string, string> = {
  show_value_labels: 'shouldShowValueLabels',
  show_percentages_in_value_labels: 'shouldShowPercentagesInValueLabels',
  display_value_as_percentage: 'shouldDisplayValueAsPercentage',
};
const RENAMED_BACK = Object.fromEntries(Object.entries(RENAMED).map(([k, v]) => [v, k]));
const TOP_LEVEL_BACK = Object.fromEntries(Object.entries(TOP_LEVEL).map(([k, v]) => [v, k]));

// Keys whose value is data, not configuration: mapped key, untouched value.
const OPAQUE = new Set([
  'rhs_value',
  'rhsValue',
  'data_order',
  'dataOrder',
  'spectrum',
  'custom',
  'value',
  'source',
]);

export function snakeToCamel(key: string): string {
  return RENAMED[key] ?? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return RENAMED_BACK[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[rename(key)] = OPAQUE.has(key) ? inner : mapKeys(inner, rename);
  }
  return out;
}

export type ClientReportConfig = {
  reportKind: ReportConfig['report_kind'];
  kindId: number | null;
  objectTypeId: number | null;
  chartType: ReportConfig['chart_type'];
  attributes: Record<string, unknown>[];
  xAxis: Record<string, unknown>[];
  yAxis: Record<string, unknown>[];
  orderBy: Record<string, unknown>[];
  filters: Record<string, unknown>;
  otherConfig: Record<string, unknown>;
};

export function toClientConfig(config: ReportConfig): ClientReportConfig {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    out[TOP_LEVEL[key] ?? snakeToCamel(key)] = mapKeys(value, snakeToCamel);
  }
  return out as ClientReportConfig;
}

// The server configuration of a client one, validated: null when it is not a valid configuration.
export function toServerConfig(client: unknown): ReportConfig | null {
  if (typeof client !== 'object' || client === null || Array.isArray(client)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(client)) {
    out[TOP_LEVEL_BACK[key] ?? camelToSnake(key)] = mapKeys(value, camelToSnake);
  }
  return parseReportConfig(out);
}
