import type {
  DateGrouping,
  JoinRelation,
  ReportConfig,
  ReportDataType,
  ReportOperation,
  WorkflowDefinition,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type ColumnOf, type CompiledAggregate, compileAggregate } from './aggregations.js';
import { reportError } from './report-errors.js';
import { type CompiledSource, compileSource, joinRegistry, type SourceScope } from './source-sql.js';

// A validated configuration as one query (docs/reports-engine.md):
//   select <groups>, <aggregates>, count(*) over () as _total
//   from (select <one column per source> from workflows w where <tenant, kind, visible, filters>) b
//   group by <groups> order by <order, then groups> limit $ offset $
// The inner query reads each source once per workflow (left joins to the step and answer tables,
// one row per workflow and tag, so nothing is counted twice); the outer one groups.
// A report without groups and operations lists its attributes per workflow instead.
export type OutputColumn = { label: string; dataType: ReportDataType };
export type CompiledReport = {
  columns: OutputColumn[];
  // The inner query's select list: one column per source, and the workflow's id.
  inner: { alias: string; expr: RawBuilder<unknown> }[];
  outerSelect: RawBuilder<unknown>[];
  groupBy: RawBuilder<unknown>[];
  orderBy: RawBuilder<unknown>[];
  // The related workflows an ORM report joins, then the tables its sources read (after them).
  relations: Relation[];
  joins: RawBuilder<unknown>[];
  // An Object Report's columns read the workflows linked to its records (run-report.ts joins them).
  linked: boolean;
};

// to_char formats of a truncated date (UTC); each sorts as text in time order.
export const DATE_FORMATS: Record<DateGrouping, string> = {
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
};

// §3.7/§9.1 cycle-time columns.
export const CYCLE_TIME_LABELS = ['Minimum Cycle Time', 'Maximum Cycle Time', 'Average Cycle Time'] as const;

// The cycle a cycle-time report measures (other_configurations.cycle_time_tag): a step group tag
// (2 segments), a step tag (3), or none (or the kind's tag): the whole process.
function cycleSources(tag: string | null): { time: string; running: string } {
  const segments = tag ? tag.split('__').length : 1;
  const prefix = segments === 2 ? `step_group__${tag}__` : segments === 3 ? `step__${tag}__` : 'workflow__';
  return { time: `${prefix}cycle_time`, running: `${prefix}is_cycle_running` };
}

// §3.6 relation labels Parent, Children, Grandchildren: an ORM report's column reads the root
// workflow's parent, its children or its grandchildren (of a kind, when kind_id says so).
export type Relation = { relation: Exclude<JoinRelation, 'self'>; kindId: number | null };
export const RELATION_ALIASES: Record<Relation['relation'], string> = {
  parent: 'rel_parent',
  children: 'rel_children',
  grandchildren: 'rel_grandchildren',
};
type Part = { join_relation: JoinRelation; kind_id: number | null };

export type CompileScope = Omit<SourceScope, 'alias' | 'definition' | 'join'> & {
  definition: WorkflowDefinition | null;
  // The current definitions of the kinds an ORM report's related columns name.
  related: Map<number, WorkflowDefinition>;
  allowRelations: boolean;
};

export function compileReport(config: ReportConfig, scope: CompileScope): CompiledReport {
  const sources = new Map<string, { alias: string; compiled: CompiledSource }>();
  const relations = new Map<Relation['relation'], number | null>();
  const id =
    scope.base === 'email'
      ? sql`e.id`
      : scope.base === 'integration_call'
        ? sql`ir.id`
        : scope.base === 'record'
          ? sql`rec.id`
          : sql`w.id`;
  let linked = false;
  const inner: CompiledReport['inner'] = [{ alias: '_id', expr: id }];
  const { joins, join } = joinRegistry();
  const sourceOf = (path: string, part?: Part, perItem = false) => {
    const relation = part?.join_relation ?? 'self';
    const key = `${relation}|${part?.kind_id ?? ''}|${path}${perItem ? '|items' : ''}`;
    let entry = sources.get(key);
    if (!entry) {
      let sourceScope: SourceScope = {
        base: scope.base,
        tenantId: scope.tenantId,
        join,
        now: scope.now,
        locale: scope.locale,
        definition: scope.definition,
        perItem,
        objectType: scope.objectType,
        structuredDataObject: scope.structuredDataObject,
      };
      if (relation !== 'self') {
        if (!scope.allowRelations) throw reportError('relationNotInReport', path);
        const kindId = part?.kind_id ?? null;
        if (relations.has(relation) && relations.get(relation) !== kindId)
          throw reportError('relationKinds', path);
        relations.set(relation, kindId);
        // One row per root and child (or grandchild): both would multiply the rows.
        if (relations.has('children') && relations.has('grandchildren'))
          throw reportError('relationKinds', path);
        sourceScope = {
          ...sourceScope,
          alias: RELATION_ALIASES[relation],
          definition: kindId === null ? null : (scope.related.get(kindId) ?? null),
        };
      }
      const compiled = compileSource(path, sourceScope);
      if (compiled.linked) linked = true;
      entry = { alias: `c${sources.size}`, compiled };
      sources.set(key, entry);
      inner.push({ alias: entry.alias, expr: compiled.expr });
    }
    return entry;
  };
  const columnOf =
    (part?: Part, perItem = false): ColumnOf =>
    (path) => {
      const { alias, compiled } = sourceOf(path, part, perItem);
      const prefix = part && part.join_relation !== 'self' ? `${RELATION_LABELS[part.join_relation]}: ` : '';
      return { ref: sql.ref(`b.${alias}`), dataType: compiled.dataType, label: `${prefix}${compiled.label}` };
    };
  const column = columnOf();

  const columns: OutputColumn[] = [];
  const outerSelect: RawBuilder<unknown>[] = [];
  const orderBy: RawBuilder<unknown>[] = [];
  const other = config.other_configurations;
  const grouped = config.group_by.length > 0 || config.operations.length > 0 || other.is_cycle_time_report;

  if (!grouped) {
    // A plain table: the attributes of each workflow, newest id last.
    for (const attribute of config.attributes) {
      const { ref, dataType, label } = columnOf(attribute)(attribute.value);
      outerSelect.push(ref);
      columns.push({ label: attribute.label || label, dataType });
    }
    for (const order of config.order_by) {
      if (order.type !== 'column' || !order.source) throw reportError('badOrder', order.type);
      orderBy.push(sql`${columnOf(order)(order.source).ref} ${direction(order.ordering)}`);
    }
    orderBy.push(sql`b._id asc`);
    return {
      columns,
      inner,
      outerSelect,
      groupBy: [],
      orderBy,
      relations: relationList(relations),
      joins,
      linked,
    };
  }

  const groupBy: RawBuilder<unknown>[] = [];
  const groupPaths: string[] = [];
  for (const group of config.group_by) {
    const { ref, dataType, label } = columnOf(group, true)(group.source);
    const { compiled } = sourceOf(group.source, group, true);
    let expr = ref;
    let key: RawBuilder<unknown> | null = null;
    let outType = dataType;
    const unit = group.extra_json.operation_type;
    if (unit) {
      if (dataType !== 'date' || !Object.hasOwn(DATE_FORMATS, unit)) {
        throw reportError('badDateGrouping', group.source);
      }
      // Grouped on the truncated instant, a column of the inner query, and shown as text after
      // grouping: one to_char per group instead of one per row (each unit's text is one instant).
      // The unit is written as a literal (one of DATE_FORMATS' keys), so the expression is the one
      // migration 0016's statistics describe for created_at, and the planner knows its few values.
      const alias = `t${inner.length}`;
      inner.push({
        alias,
        expr: sql`date_trunc(${sql.lit(unit)}, ((${compiled.expr}) at time zone 'UTC'))`,
      });
      key = sql.ref(`b.${alias}`);
      expr = sql`to_char(${key}, ${DATE_FORMATS[unit]})`;
      outType = 'text';
    } else if (group.extra_json.label_output_type === 'label' && compiled.options?.length) {
      // A choice shown by its option label (§4.2 label display): values and labels are parameters.
      const cases = compiled.options.map((o) => sql`when ${o.value} then cast(${o.label} as text)`);
      expr = sql`(case cast(${ref} as text) ${sql.join(cases, sql` `)} else cast(${ref} as text) end)`;
      outType = 'text';
    }
    outerSelect.push(expr);
    groupBy.push(key ?? sql.lit(outerSelect.length));
    groupPaths.push(`${group.join_relation}|${group.kind_id ?? ''}|${group.source}`);
    columns.push({ label: group.extra_json.label ?? label, dataType: outType });
  }

  const aggregates: CompiledAggregate[] = [];
  if (other.is_cycle_time_report) {
    // Minimum, maximum and average of the finished cycles of each group, in seconds.
    const { time, running } = cycleSources(other.cycle_time_tag);
    const finished = sql<SqlBool>`not coalesce(${column(running).ref}, true)`;
    for (const [fn, label] of [
      ['min', CYCLE_TIME_LABELS[0]],
      ['max', CYCLE_TIME_LABELS[1]],
      ['avg', CYCLE_TIME_LABELS[2]],
    ] as const) {
      aggregates.push(
        compileAggregate(
          { function: fn, label, arguments: [{ type: 'column', value: time }] },
          column,
          finished,
        ),
      );
    }
  } else {
    // Without operations, a grouped report counts the workflows of each group.
    const operations: (Pick<ReportOperation, 'function' | 'arguments' | 'label'> & Partial<Part>)[] =
      config.operations.length > 0 ? config.operations : [{ function: 'count', arguments: [], label: '' }];
    for (const operation of operations) {
      const part = operation.join_relation
        ? { join_relation: operation.join_relation, kind_id: operation.kind_id ?? null }
        : undefined;
      aggregates.push(compileAggregate(operation, columnOf(part)));
    }
  }
  for (const aggregate of aggregates) {
    outerSelect.push(aggregate.expr);
    columns.push({ label: aggregate.label, dataType: aggregate.dataType });
  }

  for (const order of config.order_by) {
    if (order.type === 'operation') {
      const operation = order.operations[0];
      if (!operation) throw reportError('badOrder', 'operation');
      orderBy.push(
        sql`${compileAggregate(operation, columnOf(operation)).expr} ${direction(order.ordering)}`,
      );
    } else {
      const key = `${order.join_relation}|${order.kind_id ?? ''}|${order.source}`;
      const index = groupPaths.indexOf(key);
      if (index < 0) throw reportError('badOrder', order.source ?? 'column');
      orderBy.push(sql`${sql.lit(index + 1)} ${direction(order.ordering)}`);
    }
  }
  // Then by the groups, so pages never overlap.
  for (const position of groupBy) orderBy.push(sql`${position} asc nulls last`);
  return {
    columns,
    inner,
    outerSelect,
    groupBy,
    orderBy,
    relations: relationList(relations),
    joins,
    linked,
  };
}

const RELATION_LABELS: Record<Relation['relation'], string> = {
  parent: 'Parent',
  children: 'Children',
  grandchildren: 'Grandchildren',
};

function relationList(relations: Map<Relation['relation'], number | null>): Relation[] {
  return [...relations].map(([relation, kindId]) => ({ relation, kindId }));
}

function direction(ordering: 'ASC' | 'DESC'): RawBuilder<unknown> {
  return ordering === 'DESC' ? sql`desc nulls last` : sql`asc nulls last`;
}
