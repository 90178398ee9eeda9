import {
  type Aggregation,
  type DateGrouping,
  isKindSpecificSource,
  type JoinRelation,
  type OtherConfigurations,
  REPORT_LIMITS,
  REPORT_SOURCE_PREFIX,
  type ReportAttribute,
  type ReportConfig,
  type ReportDataType,
  type ReportFilterGroup,
  type ReportGroupBy,
  type ReportKind,
  type ReportOperation,
  type ReportOrderBy,
  sourceFitsReportKind,
  withHelperColumns,
} from '@attest/shared';

// Pure edits of a report configuration (server naming, spec 2 §3.8), one per thing the builder
// lets a person change. Each answers a new configuration; none touches what it does not name.

// What the builder knows of a column when it adds it (from the column options).
export type ColumnFacts = { label: string; data_type: ReportDataType | null; field_type: string | null };

const argumentSources = (operation: ReportOperation): string[] =>
  operation.arguments.flatMap((a) =>
    a.type === 'column' ? [a.value] : a.type === 'operation' ? argumentSources(a) : [],
  );

function keepSources(config: ReportConfig, keep: (source: string) => boolean): ReportConfig {
  const group_by = config.group_by.filter((g) => keep(g.source));
  return {
    ...config,
    attributes: withHelperColumns(config.attributes.filter((a) => keep(a.value))),
    group_by,
    operations: config.operations.filter((o) => argumentSources(o).every(keep)),
    order_by: config.order_by.filter(
      (o) =>
        (o.source === null || keep(o.source)) && o.operations.every((op) => argumentSources(op).every(keep)),
    ),
  };
}

function keepFilters(group: ReportFilterGroup, keep: (path: string) => boolean): ReportFilterGroup {
  return {
    type: group.type,
    conditions: group.conditions.flatMap((c): ReportFilterGroup['conditions'] =>
      'lhs_source' in c ? (keep(c.lhs_source) ? [c] : []) : [keepFilters(c, keep)],
    ),
  };
}

// §1 report kinds: columns of another kind of report go; only an ORM report relates workflows;
// an Email Delivery Report has no filters (they name workflow attributes).
export function withReportKind(config: ReportConfig, reportKind: ReportKind): ReportConfig {
  const kept = keepSources(config, (source) => sourceFitsReportKind(source, reportKind));
  const self = <T extends { join_relation: JoinRelation }>(part: T): T =>
    reportKind === 'orm_workflow' ? part : { ...part, join_relation: 'self' };
  return {
    ...kept,
    report_kind: reportKind,
    kind_id: reportKind === 'email_delivery' || reportKind === 'object' ? null : kept.kind_id,
    object_type_id: reportKind === 'object' ? kept.object_type_id : null,
    attributes: kept.attributes.map(self),
    group_by: kept.group_by.map(self),
    // Workflow filters do not name records, nor record filters workflows.
    filters:
      reportKind === 'email_delivery' || (reportKind === 'object') !== (config.report_kind === 'object')
        ? { type: 'AND', conditions: [] }
        : kept.filters,
  };
}

// An Object Report's object type (issue 18): another type has other fields, so its field columns
// and its filters go; the record's own columns and the linked workflows' stay.
export function withObjectType(config: ReportConfig, objectTypeId: number | null): ReportConfig {
  if (objectTypeId === config.object_type_id) return config;
  const kept = keepSources(config, (source) => !source.startsWith(REPORT_SOURCE_PREFIX.record_field));
  return { ...kept, object_type_id: objectTypeId, filters: { type: 'AND', conditions: [] } };
}

// Another workflow kind has other steps and fields: their columns, filters and cycle go.
export function withWorkflowKind(config: ReportConfig, kindId: number | null): ReportConfig {
  if (kindId === config.kind_id) return config;
  const kept = keepSources(config, (source) => !isKindSpecificSource(source));
  return {
    ...kept,
    kind_id: kindId,
    filters: keepFilters(kept.filters, (path) => path.startsWith('workflow__') || path.startsWith('user__')),
    other_configurations: { ...kept.other_configurations, cycle_time_tag: null },
  };
}

// The columns the person chose, in order; §3.5's hidden helpers follow (withHelperColumns). A
// column kept from before keeps its settings (relation, label).
export function withColumns(
  config: ReportConfig,
  sources: readonly string[],
  facts: (source: string) => ColumnFacts,
): ReportConfig {
  const chosen = config.attributes.filter((a) => a.extra_json.added_by === 'user');
  const attributes = sources.slice(0, REPORT_LIMITS.attributes).map(
    (value): ReportAttribute =>
      chosen.find((a) => a.value === value) ?? {
        type: 'column',
        value,
        label: facts(value).label,
        extra_json: { field_type: facts(value).field_type, is_hidden: false, added_by: 'user' },
        join_relation: 'self',
        kind_id: null,
        tag: null,
      },
  );
  return { ...config, attributes: withHelperColumns(attributes) };
}

// ORM: which related workflows a column reads (§3.6 Parent, Children, Grandchildren).
export function withColumnRelation(
  config: ReportConfig,
  source: string,
  relation: JoinRelation,
): ReportConfig {
  return {
    ...config,
    attributes: config.attributes.map((a) =>
      a.value === source && a.extra_json.added_by === 'user' ? { ...a, join_relation: relation } : a,
    ),
  };
}

// The x-axis: up to 3 group-bys in order. One kept from before keeps its settings; a new date one
// is grouped by month; the 2nd is the secondary x-axis (stacked or grouped bars) unless the
// person turned that off, and only the 2nd can be. Orderings of columns no longer grouped by go.
export function withGroupBys(
  config: ReportConfig,
  sources: readonly string[],
  facts: (source: string) => ColumnFacts,
): ReportConfig {
  const group_by = sources.slice(0, REPORT_LIMITS.groupBy).map((source, index): ReportGroupBy => {
    const before = config.group_by.findIndex((g) => g.source === source);
    const kept = config.group_by[before];
    const secondary = index === 1 && (before === 1 && kept ? kept.extra_json.is_for_secondary_x_axis : true);
    if (kept) return { ...kept, extra_json: { ...kept.extra_json, is_for_secondary_x_axis: secondary } };
    const { label, data_type, field_type } = facts(source);
    return {
      type: 'column',
      source,
      operations: [],
      extra_json: {
        label,
        field_type,
        data_type,
        label_output_type: 'value',
        is_for_secondary_x_axis: secondary,
        operation_type: data_type === 'date' ? 'month' : null,
        data_sources: [],
      },
      join_relation: 'self',
      kind_id: null,
      tag: null,
    };
  });
  const grouped = new Set(group_by.map((g) => g.source));
  return {
    ...config,
    group_by,
    order_by: config.order_by.filter(
      (o) => o.type !== 'column' || o.source === null || grouped.has(o.source),
    ),
  };
}

export type GroupBySettings = {
  operation_type?: DateGrouping | null;
  label_output_type?: 'value' | 'label';
  is_for_secondary_x_axis?: boolean;
  label?: string | null;
};

export function withGroupBySettings(
  config: ReportConfig,
  index: number,
  settings: GroupBySettings,
): ReportConfig {
  return {
    ...config,
    group_by: config.group_by.map((g, i) =>
      i === index ? { ...g, extra_json: { ...g.extra_json, ...settings } } : g,
    ),
  };
}

// ORM: which related workflows a group-by reads (§3.6).
export function withGroupByRelation(
  config: ReportConfig,
  index: number,
  relation: JoinRelation,
): ReportConfig {
  return {
    ...config,
    group_by: config.group_by.map((g, i) => (i === index ? { ...g, join_relation: relation } : g)),
  };
}

// One y-axis measure: an aggregation over a column (none for a count), with its title.
export function measure(
  aggregation: Aggregation,
  source: string | null,
  label: string,
  dataType: ReportDataType | null = null,
): ReportOperation {
  return {
    type: 'operation',
    function: aggregation,
    label,
    data_type: aggregation === 'count' ? 'number' : dataType,
    arguments: source === null ? [] : [{ type: 'column', value: source }],
    extra_args: { separator: null, compare_value: null },
    extra_json: { output_data_type: null, axis_name: null, field_type: null, tag: null },
    column_type: null,
    join_relation: 'self',
    kind_id: null,
    tag: null,
  };
}

// The column a simple measure reads (the builder edits measures of one column argument).
export function measureSource(operation: ReportOperation): string | null {
  const first = operation.arguments[0];
  return first?.type === 'column' ? first.value : null;
}

const sameOperation = (a: ReportOperation, b: ReportOperation) => JSON.stringify(a) === JSON.stringify(b);

// The measures replace the operations; an ordering by a measure that is gone goes too, one by a
// measure that changed follows it.
export function withOperations(config: ReportConfig, operations: readonly ReportOperation[]): ReportConfig {
  const next = operations.slice(0, REPORT_LIMITS.operations);
  const order_by = config.order_by.flatMap((o): ReportOrderBy[] => {
    if (o.type !== 'operation') return [o];
    const ordered = o.operations[0];
    const at = ordered ? config.operations.findIndex((op) => sameOperation(op, ordered)) : -1;
    const now = next[at];
    return now ? [{ ...o, operations: [now] }] : [];
  });
  return { ...config, operations: [...next], order_by };
}

// A cycle-time report (§3.7 isCycleTimeReport, cycleTimeTag): Minimum, Maximum and Average Cycle
// Time of the whole process (tag null), a step group or a step, instead of the measures.
export function withCycleTime(config: ReportConfig, on: boolean, tag: string | null): ReportConfig {
  return {
    ...config,
    other_configurations: {
      ...config.other_configurations,
      is_cycle_time_report: on,
      cycle_time_tag: on ? tag : null,
    },
    order_by: on ? config.order_by.filter((o) => o.type === 'column') : config.order_by,
  };
}

// An order_by entry as the builder's select names it: `column:<source>` or `operation:<index>`.
export type OrderTarget = string;

export function orderTargetOf(config: ReportConfig, entry: ReportOrderBy): OrderTarget | null {
  if (entry.type === 'column') return entry.source === null ? null : `column:${entry.source}`;
  const ordered = entry.operations[0];
  const index = ordered ? config.operations.findIndex((op) => sameOperation(op, ordered)) : -1;
  return index < 0 ? null : `operation:${index}`;
}

export function orderEntry(
  config: ReportConfig,
  target: OrderTarget,
  ordering: 'ASC' | 'DESC',
): ReportOrderBy | null {
  const [type, rest] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
  const base = { ordering, data_type: null, join_relation: 'self' as const, kind_id: null, tag: null };
  if (type === 'column') return { ...base, type: 'column', source: rest, operations: [] };
  const operation = config.operations[Number(rest)];
  return operation ? { ...base, type: 'operation', source: null, operations: [operation] } : null;
}

// Spec 2 §4.2: changing the sort clears the custom (dragged) order.
export function withOrderBy(config: ReportConfig, entries: readonly ReportOrderBy[]): ReportConfig {
  return {
    ...config,
    order_by: entries.slice(0, REPORT_LIMITS.orderBy),
    other_configurations: { ...config.other_configurations, data_order: [] },
  };
}

export function withOther(config: ReportConfig, changes: Partial<OtherConfigurations>): ReportConfig {
  return { ...config, other_configurations: { ...config.other_configurations, ...changes } };
}

export function withFilters(config: ReportConfig, filters: ReportFilterGroup): ReportConfig {
  return { ...config, filters };
}
