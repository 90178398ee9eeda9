import {
  type FilterAttribute,
  flattenSteps,
  type ListEnvironment,
  parseReportSource,
  type ReportConfig,
  type ReportFilterGroup,
  type ReportOperation,
  type WorkflowDefinition,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../../platform/tenant-transaction.js';
import { DATE_FORMATS } from './compile-report.js';
import { compileSource, joinRegistry } from './source-sql.js';

// Reports answered from the rollups of migration 0029 (docs/reports-engine.md "Rollups"): exact
// figures per kind, status, region, business unit and environment (and day of creation, and per
// choice answer, number answer and step group), kept by triggers in the transactions that change
// workflows. planRollup says whether a report's shape fits them and, if it does, gives the query that
// answers it with the same columns, rows and order as the full query (run-report.ts); otherwise null,
// and the engine reads the workflows. A shape fits when:
// - it is a grouped workflow report of one kind (a count alone may span kinds), with no related
//   workflows (ORM parent/children);
// - its filters name only the workflow's status, region or business unit (compiled by the list's own
//   compiler over the rollup rows, which carry those columns);
// - it groups by status, region, business unit or kind (ids, tags or names), by the creation date
//   truncated to a unit (counts only), or by one choice field (single select, radio, country, yes/no);
// - its operations are count(), count/sum/avg of a number field, count/sum/avg of a step group's cycle
//   time, or it is a cycle-time report of a step group;
// - its ordering names its groups or its own operations.
// The viewer's visibility (region or business unit access) applies to the rollup rows exactly as to
// workflows: both carry the region and business unit.

export const DIMENSION_TYPES: readonly string[] = [
  'single_select',
  'radio',
  'country_single_select',
  'bool',
  'checkbox',
];
export const MEASURE_TYPES: readonly string[] = ['integer', 'decimal', 'currency', 'slider', 'rating'];

// The union's column types (the others are numeric).
const TYPES: Record<string, string> = { created_at: 'timestamptz', dim: 'text' };

const WORKFLOW_GROUPS: readonly string[] = [
  'kind_id',
  'kind_tag',
  'status_id',
  'status_tag',
  'status_label',
  'region_id',
  'region_name',
  'business_unit_id',
  'business_unit_name',
];
const FILTER_ATTRIBUTES: readonly string[] = ['status', 'region', 'business_unit'];

export type RollupTable = 'report_workflow_counts' | 'report_answer_rollups+report_cycle_rollups';

export type RollupScope = {
  tenantId: string;
  userId: string;
  kindId: string | null;
  definition: WorkflowDefinition | null;
  catalogue: Map<string, FilterAttribute>;
  // The compiled filter (reportFilterSql): a boolean over `w`.
  filter: RawBuilder<SqlBool>;
  environment: ListEnvironment;
  now: Date;
  locale?: string;
  // The tenant's rolled-up fields of the kind: `${role}|${field_tag}`.
  fields: Set<string>;
};

export type RollupQuery = {
  table: RollupTable;
  // Select v0, v1, … and _total, ordered and paged; `rows` the same without paging (for a count).
  page: (limit: number, offset: number) => RawBuilder<Record<string, unknown>>;
  rows: RawBuilder<unknown>;
  // For a cycle-time report: rows with `_idle` > 0 need the full query (see below).
  checksIdle: boolean;
};

// The kind's rolled-up fields (role|tag), read once per report.
export async function rollupFields(tx: Tx, tenantId: string, kindId: string): Promise<Set<string>> {
  const rows = await tx
    .selectFrom('report_rollup_fields')
    .select(['field_tag', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('kind_id', '=', kindId)
    .execute();
  return new Set(rows.map((r) => `${r.role}|${r.field_tag}`));
}

// Whether every leaf of the filter names a column the rollups carry.
export function filterFits(group: ReportFilterGroup, catalogue: Map<string, FilterAttribute>): boolean {
  return group.conditions.every((condition) => {
    if (!('lhs_source' in condition)) return filterFits(condition, catalogue);
    const source = catalogue.get(condition.lhs_source)?.source;
    return source?.kind === 'workflow' && FILTER_ATTRIBUTES.includes(source.attribute);
  });
}

type Measure =
  | { kind: 'count' }
  | { kind: 'field'; fn: 'count' | 'sum' | 'avg'; tag: string }
  | { kind: 'cycle'; fn: 'count' | 'sum' | 'avg'; group: string };

function fieldType(definition: WorkflowDefinition | null, tag: string): string | null {
  if (!definition) return null;
  return (
    flattenSteps(definition)
      .flatMap((s) => s.fields)
      .find((f) => f.tag === tag)?.type ?? null
  );
}

function measureOf(
  operation: Pick<ReportOperation, 'function' | 'arguments'>,
  scope: RollupScope,
): Measure | null {
  const [argument, ...rest] = operation.arguments;
  if (rest.length > 0) return null;
  if (operation.function === 'count' && (argument === undefined || argument.type === 'value')) {
    return { kind: 'count' };
  }
  if (argument?.type !== 'column') return null;
  const fn = operation.function;
  if (fn !== 'count' && fn !== 'sum' && fn !== 'avg') return null;
  const source = parseReportSource(argument.value);
  if (source?.kind === 'field') {
    const type = fieldType(scope.definition, source.field_tag);
    if (!type || !MEASURE_TYPES.includes(type) || !scope.fields.has(`measure|${source.field_tag}`)) {
      return null;
    }
    return { kind: 'field', fn, tag: source.field_tag };
  }
  if (source?.kind === 'step_group' && source.attribute === 'cycle_time') {
    return { kind: 'cycle', fn, group: source.group_tag };
  }
  return null;
}

const SAME = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// The rollup query of a report, or null when its shape does not fit (the full query answers it).
export function planRollup(config: ReportConfig, scope: RollupScope): RollupQuery | null {
  if (config.report_kind !== 'workflow' && config.report_kind !== 'orm_workflow') return null;
  const other = config.other_configurations;
  const parts = [...config.operations, ...config.group_by, ...config.order_by];
  if (parts.some((p) => p.join_relation !== 'self')) return null;
  if (config.group_by.length === 0 && config.operations.length === 0 && !other.is_cycle_time_report) {
    return null;
  }
  if (!filterFits(config.filters, scope.catalogue)) return null;

  // Groups: a workflow column, the creation date by a unit, or one choice field.
  type Group = { path: string; unit: string | null; field: string | null; labels: boolean };
  const groups: Group[] = [];
  for (const group of config.group_by) {
    const source = parseReportSource(group.source);
    if (!source) return null;
    const unit = group.extra_json.operation_type ?? null;
    if (source.kind === 'workflow') {
      if (source.attribute === 'created_at' && unit) {
        groups.push({ path: group.source, unit, field: null, labels: false });
      } else if (WORKFLOW_GROUPS.includes(source.attribute) && !unit) {
        groups.push({ path: group.source, unit: null, field: null, labels: false });
      } else return null;
    } else if (source.kind === 'field' && !unit) {
      const type = fieldType(scope.definition, source.field_tag);
      if (!type || !DIMENSION_TYPES.includes(type) || !scope.fields.has(`dimension|${source.field_tag}`)) {
        return null;
      }
      groups.push({
        path: group.source,
        unit: null,
        field: source.field_tag,
        labels: group.extra_json.label_output_type === 'label',
      });
    } else return null;
  }
  const fieldGroups = groups.filter((g) => g.field !== null);
  if (fieldGroups.length > 1) return null;
  const dimTag = fieldGroups[0]?.field ?? null;
  const byDay = groups.some((g) => g.unit !== null);

  // Measures: the report's operations, or a cycle-time report's three.
  const measures: Measure[] = [];
  let cycleReport: string | null = null;
  if (other.is_cycle_time_report) {
    // A step group's cycle (two segments); the process's and a step's are not kept.
    const tag = other.cycle_time_tag ?? '';
    if (tag.split('__').length !== 2) return null;
    cycleReport = tag;
  } else {
    const operations =
      config.operations.length > 0 ? config.operations : [{ function: 'count' as const, arguments: [] }];
    for (const operation of operations) {
      const measure = measureOf(operation, scope);
      if (!measure) return null;
      measures.push(measure);
    }
  }
  const usesCycles = cycleReport !== null || measures.some((m) => m.kind === 'cycle');
  if (byDay && (usesCycles || measures.some((m) => m.kind !== 'count'))) return null;
  if (dimTag && usesCycles) return null;
  if (scope.kindId === null && (usesCycles || dimTag || measures.some((m) => m.kind !== 'count'))) {
    return null;
  }
  if (!scope.definition && cycleReport) return null;

  // Ordering: by the report's groups or by one of its operations (by position).
  const outputs = groups.length;
  const orderBy: RawBuilder<unknown>[] = [];
  for (const order of config.order_by) {
    const dir = order.ordering === 'DESC' ? sql`desc nulls last` : sql`asc nulls last`;
    if (order.type === 'operation') {
      const operation = order.operations[0];
      if (!operation || cycleReport) return null;
      const index = config.operations.findIndex(
        (o) => o.function === operation.function && SAME(o.arguments, operation.arguments),
      );
      if (index < 0) return null;
      orderBy.push(sql`${sql.lit(outputs + index + 1)} ${dir}`);
    } else {
      const index = config.group_by.findIndex(
        (g) =>
          g.join_relation === order.join_relation && g.kind_id === order.kind_id && g.source === order.source,
      );
      if (index < 0) return null;
      orderBy.push(sql`${sql.lit(index + 1)} ${dir}`);
    }
  }

  // The rollup rows as one relation `w`: the workflow columns (and created_at for counts by day, the
  // choice value `dim`), `wf` the workflows, and per measure i `n{i}` (values) and `s{i}` (exact sum).
  const t = scope.tenantId;
  const nowEpoch = sql`extract(epoch from cast(${scope.now.toISOString()} as timestamptz))`;
  const kind = (alias: string) =>
    scope.kindId === null ? sql`` : sql` and ${sql.ref(`${alias}.kind_id`)} = ${scope.kindId}`;
  const cols = [
    'created_at',
    'dim',
    'wf',
    ...measures.flatMap((_, i) => [`n${i}`, `s${i}`]),
    ...(cycleReport ? ['fn', 'fs', 'fmin', 'fmax', 'idle'] : []),
  ];
  const DIMS = sql`r.tenant_id, r.kind_id, r.status_id, r.region_id, r.business_unit_id, r.test_environment`;
  const branch = (values: Record<string, RawBuilder<unknown>>, from: RawBuilder<unknown>) =>
    sql`select ${DIMS}, ${sql.join(
      cols.map(
        (c) => sql`cast(${values[c] ?? sql`null`} as ${sql.raw(TYPES[c] ?? 'numeric')}) as ${sql.ref(c)}`,
      ),
    )} ${from}`;
  const branches: RawBuilder<unknown>[] = [];
  // The choice value of a row of the dimension, and the same row again (negated) in the group of
  // workflows without an answer: ('', null, m) less every (d, v, m) is exactly what d leaves null.
  const signed = sql`cross join (values (1), (-1)) as sg(sign)`;
  const dimValue = sql`case when sg.sign = 1 then r.dim_value end`;
  if (byDay) {
    branches.push(
      branch(
        { created_at: sql`cast(r.day as timestamp) at time zone 'UTC'`, wf: sql`r.n` },
        sql`from report_workflow_counts r where r.tenant_id = ${t}${kind('r')}`,
      ),
    );
  } else {
    const answers = sql`from report_answer_rollups r`;
    branches.push(
      branch(
        { wf: sql`r.n` },
        sql`${answers} where r.tenant_id = ${t}${kind('r')} and r.dim_tag = '' and r.measure_tag = ''`,
      ),
    );
    if (dimTag) {
      branches.push(
        branch(
          { dim: dimValue, wf: sql`sg.sign * r.n` },
          sql`${answers} ${signed} where r.tenant_id = ${t}${kind('r')} and r.dim_tag = ${dimTag} and r.measure_tag = ''`,
        ),
      );
    }
    measures.forEach((measure, i) => {
      if (measure.kind === 'field') {
        branches.push(
          branch(
            { wf: sql`0`, [`n${i}`]: sql`r.n`, [`s${i}`]: sql`r.total` },
            sql`${answers} where r.tenant_id = ${t}${kind('r')} and r.dim_tag = '' and r.measure_tag = ${measure.tag}`,
          ),
        );
        if (dimTag) {
          branches.push(
            branch(
              {
                dim: dimValue,
                wf: sql`0`,
                [`n${i}`]: sql`sg.sign * r.n`,
                [`s${i}`]: sql`sg.sign * r.total`,
              },
              sql`${answers} ${signed} where r.tenant_id = ${t}${kind('r')} and r.dim_tag = ${dimTag} and r.measure_tag = ${measure.tag}`,
            ),
          );
        }
      } else if (measure.kind === 'cycle') {
        // A cycle's time runs to now while it has no end: running ones and ended-without-completion.
        branches.push(
          branch(
            {
              wf: sql`0`,
              [`n${i}`]: sql`r.finished_n + r.running_n + r.idle_n`,
              [`s${i}`]: sql`r.finished_sum + (r.running_n + r.idle_n) * ${nowEpoch} - r.running_start_sum - r.idle_start_sum`,
            },
            sql`from report_cycle_rollups r where r.tenant_id = ${t}${kind('r')} and r.step_group_tag = ${measure.group}`,
          ),
        );
      }
    });
    if (cycleReport) {
      branches.push(
        branch(
          {
            wf: sql`0`,
            fn: sql`r.finished_n`,
            fs: sql`r.finished_sum`,
            fmin: sql`r.finished_min`,
            fmax: sql`r.finished_max`,
            idle: sql`r.idle_n`,
          },
          sql`from report_cycle_rollups r where r.tenant_id = ${t}${kind('r')} and r.step_group_tag = ${cycleReport}`,
        ),
      );
    }
  }

  // The groups over `w` as the full query writes them (source-sql.ts, for the names and tags).
  const { joins, join } = joinRegistry();
  const inner: RawBuilder<unknown>[] = [];
  const select: RawBuilder<unknown>[] = [];
  const groupBy: RawBuilder<unknown>[] = [];
  groups.forEach((group, i) => {
    const compiled = compileSource(group.path, {
      base: 'workflow',
      tenantId: t,
      // A choice field's value is the rollup's `dim`: only its options are read, no join is made.
      join: group.field ? () => 'unused' : join,
      now: scope.now,
      locale: scope.locale,
      definition: scope.definition,
      perItem: true,
    });
    const key = sql.ref(`b.g${i}`);
    if (group.unit) {
      inner.push(
        sql`date_trunc(${sql.lit(group.unit)}, (w.created_at at time zone 'UTC')) as ${sql.ref(`g${i}`)}`,
      );
      select.push(sql`to_char(${key}, ${DATE_FORMATS[group.unit as keyof typeof DATE_FORMATS]})`);
      groupBy.push(key);
    } else if (group.field) {
      inner.push(sql`w.dim as ${sql.ref(`g${i}`)}`);
      if (group.labels && compiled.options?.length) {
        const cases = compiled.options.map((o) => sql`when ${o.value} then cast(${o.label} as text)`);
        select.push(
          sql`(case cast(${key} as text) ${sql.join(cases, sql` `)} else cast(${key} as text) end)`,
        );
      } else select.push(key);
      groupBy.push(sql.lit(select.length));
    } else {
      inner.push(sql`${compiled.expr} as ${sql.ref(`g${i}`)}`);
      select.push(key);
      groupBy.push(sql.lit(select.length));
    }
  });
  for (const c of cols.filter((c) => c !== 'created_at' && c !== 'dim')) inner.push(sql`w.${sql.ref(c)}`);

  const sum = (c: string) => sql`sum(b.${sql.ref(c)})`;
  const whenAny = (c: string, value: RawBuilder<unknown>) => sql`(case when ${sum(c)} > 0 then ${value} end)`;
  measures.forEach((measure, i) => {
    const n = `n${i}`;
    const s = `s${i}`;
    if (measure.kind === 'count') select.push(sql`cast(coalesce(${sum('wf')}, 0) as integer)`);
    else if (measure.fn === 'count') select.push(sql`cast(coalesce(${sum(n)}, 0) as integer)`);
    else if (measure.fn === 'sum') select.push(whenAny(n, sql`cast(${sum(s)} as double precision)`));
    else select.push(whenAny(n, sql`cast(${sum(s)} / ${sum(n)} as double precision)`));
  });
  if (cycleReport) {
    select.push(whenAny('fn', sql`cast(min(b.fmin) as double precision)`));
    select.push(whenAny('fn', sql`cast(max(b.fmax) as double precision)`));
    select.push(whenAny('fn', sql`cast(${sum('fs')} / ${sum('fn')} as double precision)`));
  }
  // A cycle-time report also measures to now the cycles that ended without a completion, whose
  // minimum and maximum the rollups do not keep: any such cycle sends the report to the full query.
  const extras = cycleReport ? [sql`sum(coalesce(${sum('idle')}, 0)) over () as _idle`] : [];

  const environment =
    scope.environment === 'ALL'
      ? sql``
      : scope.environment === 'PRODUCTION'
        ? sql` and w.test_environment is null`
        : sql` and w.test_environment = ${scope.environment}`;
  const visible = sql`(w.region_id = any(array(select ra.region_id from user_region_access ra where ra.user_id = ${scope.userId}))
    or w.business_unit_id = any(array(select ba.business_unit_id from user_business_unit_access ba where ba.user_id = ${scope.userId})))`;
  const b = sql`select ${sql.join(inner)} from (${sql.join(branches, sql` union all `)}) as w ${sql.join(joins, sql` `)}
    where ${visible} and ${scope.filter}${environment}`;
  const values = sql.join([...select.map((expr, i) => sql`${expr} as ${sql.ref(`v${i}`)}`), ...extras]);
  const grouped = groupBy.length > 0 ? sql` group by ${sql.join(groupBy)} having sum(b.wf) > 0` : sql``;
  const rows = sql`select ${values} from (${b}) as b${grouped}`;
  for (const position of groupBy) orderBy.push(sql`${position} asc nulls last`);
  const order = orderBy.length > 0 ? sql` order by ${sql.join(orderBy)}` : sql``;
  return {
    table: byDay ? 'report_workflow_counts' : 'report_answer_rollups+report_cycle_rollups',
    rows,
    page: (limit, offset) =>
      sql<
        Record<string, unknown>
      >`select ${values}, count(*) over () as _total from (${b}) as b${grouped}${order} limit ${limit} offset ${offset}`,
    checksIdle: cycleReport !== null,
  };
}
