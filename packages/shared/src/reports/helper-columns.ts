import type { ReportAttribute } from './config.js';
import { REPORT_SOURCE_PREFIX } from './sources.js';

// Spec 2 §3.5: adding a name, status or cycle_time column auto-adds the hidden helper columns
// created_at, status_tag, id and is_cycle_running (the web needs them to link a row to its workflow,
// colour its status and tell a running cycle from a finished one).
const TRIGGERS = ['name', 'status_id', 'status_tag', 'cycle_time'].map(
  (a) => `${REPORT_SOURCE_PREFIX.workflow}${a}`,
);
export const HELPER_COLUMNS = ['created_at', 'status_tag', 'id', 'is_cycle_running'].map(
  (a) => `${REPORT_SOURCE_PREFIX.workflow}${a}`,
);

export function needsHelperColumns(attributes: readonly Pick<ReportAttribute, 'value'>[]): boolean {
  return attributes.some((a) => TRIGGERS.includes(a.value));
}

// The attributes with the missing helpers appended (hidden, added by the system); the same list when
// none is needed or all are there. Idempotent. Helpers that are no longer needed are removed.
export function withHelperColumns(attributes: readonly ReportAttribute[]): ReportAttribute[] {
  const chosen = attributes.filter(
    (a) => !(a.extra_json.added_by === 'system' && HELPER_COLUMNS.includes(a.value)),
  );
  if (!needsHelperColumns(chosen)) return chosen;
  const present = new Set(chosen.map((a) => a.value));
  const existing = attributes.filter(
    (a) => a.extra_json.added_by === 'system' && HELPER_COLUMNS.includes(a.value),
  );
  const helpers = HELPER_COLUMNS.filter((value) => !present.has(value)).map(
    (value): ReportAttribute =>
      existing.find((a) => a.value === value) ?? {
        type: 'column',
        value,
        label: '',
        extra_json: { field_type: null, is_hidden: true, added_by: 'system' },
        join_relation: 'self',
        kind_id: null,
        tag: null,
      },
  );
  return [...chosen, ...helpers];
}
