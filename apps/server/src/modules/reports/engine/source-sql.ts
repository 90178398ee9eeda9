import {
  fieldReportDataType,
  flattenSteps,
  isAnswerable,
  isImportPipelineAttribute,
  type ObjectTypeDefinition,
  parseReportSource,
  type ReportDataType,
  type ReportSource,
  type ReportStepAttribute,
  type ReportStepGroupAttribute,
  type ReportWorkflowAttribute,
  sourceDataType,
  type WorkflowDefinition,
} from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import { localizedColumn } from '../../../platform/reader-locale.js';
import {
  LINKED_WORKFLOW_ALIAS,
  RECORD_LABELS,
  recordExpr,
  recordFieldExpr,
} from './record-object-sources.js';
import { EMAIL_LABELS, emailExpr, INTEGRATION_CALL_LABELS, integrationCallExpr } from './record-sources.js';
import { reportError } from './report-errors.js';

// One source of a workflow report as an SQL expression over one workflow row `w` (the inner query of
// compile-report.ts), its data type and its header label. Every tag is a bound parameter; the only
// identifiers are the fixed ones below, chosen by the validated attribute name.
export type CompiledSource = {
  path: string;
  expr: RawBuilder<unknown>;
  dataType: ReportDataType;
  label: string;
  // A choice field's options, for label_output_type 'label'.
  options: { value: string; label: string }[] | null;
  // It reads the workflows linked to the record (Object Report): run-report.ts joins them.
  linked?: true;
};

// What a report's rows are: workflows (Workflow and ORM reports), integration runs with their
// workflow (Integration Call Report, `ir` joined to `w`), outbox e-mails (Email Delivery Report, `e`),
// or the records of one object type (Object Report, `rec`, with their linked workflows `wl`).
export type ReportBase = 'workflow' | 'integration_call' | 'email' | 'record';

// Adds a left join to the inner query once per key and answers its alias (compile-report.ts).
export type JoinRegistry = (
  key: string,
  build: (alias: RawBuilder<unknown>) => RawBuilder<unknown>,
) => string;

// A registry and the joins it has added so far, in the order they were first asked for.
export function joinRegistry(): { joins: RawBuilder<unknown>[]; join: JoinRegistry } {
  const joins: RawBuilder<unknown>[] = [];
  const aliases = new Map<string, string>();
  const join: JoinRegistry = (key, build) => {
    let alias = aliases.get(key);
    if (!alias) {
      alias = `j${aliases.size}`;
      aliases.set(key, alias);
      joins.push(build(sql.id(alias)));
    }
    return alias;
  };
  return { joins, join };
}

export type SourceScope = {
  base: ReportBase;
  tenantId: string;
  join: JoinRegistry;
  // The alias of the workflow row the source reads ('w', or a related workflow's in an ORM report).
  alias?: string;
  // A group-by: a list answer (multi-select, tags…) gives one row per item, so each item is a group.
  perItem?: boolean;
  // The kind's current definition; null for a report over every kind (process columns only).
  definition: WorkflowDefinition | null;
  now: Date;
  // The reader's language: status labels are named in it (issue 14); as written without it.
  locale?: string;
  // The object type of an Object Report: its id and current definition (record fields).
  objectType?: { id: string; definition: ObjectTypeDefinition };
  // The tenant's ENABLE_STRUCTURED_DATA_OBJECT toggle: the import_pipeline_* columns need it.
  structuredDataObject?: boolean;
};

// The columns of the workflow row a source reads: `w` (the report's workflows) or a related one.
type Columns = (column: string) => RawBuilder<unknown>;
export const columnsOf =
  (alias: string): Columns =>
  (column) =>
    sql.ref(`${alias}.${column}`);

const seconds = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) =>
  sql`(extract(epoch from (${to} - ${from}))::double precision)`;

const WORKFLOW_LABELS: Record<ReportWorkflowAttribute, string> = {
  id: 'Id',
  name: 'Name',
  created_at: 'Created at',
  kind_id: 'Kind id',
  kind_tag: 'Kind',
  status_id: 'Status id',
  status_tag: 'Status',
  status_label: 'Status',
  created_by_email: 'Created by (e-mail)',
  created_by_name: 'Created by',
  region_id: 'Region id',
  region_name: 'Region',
  business_unit_id: 'Business unit id',
  business_unit_name: 'Business unit',
  cycle_start: 'Cycle start',
  cycle_end: 'Cycle end',
  cycle_time: 'Cycle time',
  is_cycle_running: 'Cycle running',
  ageing: 'Ageing',
  progress: 'Progress',
  badges: 'Badges',
  badge_tags: 'Badge tags',
  import_pipeline_id: 'Import pipeline id',
  import_pipeline_name: 'Import pipeline',
  import_pipeline_created_at: 'Import pipeline created at',
  import_pipeline_created_by_email: 'Import pipeline created by (e-mail)',
};

// A small table (statuses, kinds, users, regions, business units) joined by its id: a hash join
// over the whole report instead of one lookup per workflow.
function lookup(scope: SourceScope, w: Columns, key: string, table: string, id: string): Columns {
  const alias = scope.join(`${scope.alias ?? 'w'}|${key}`, (a) => {
    const t = sql.table(table);
    return sql`left join ${t} as ${a} on ${a}.tenant_id = ${w('tenant_id')} and ${a}.id = ${w(id)}`;
  });
  return columnsOf(alias);
}

function workflowExpr(
  attribute: ReportWorkflowAttribute,
  now: RawBuilder<unknown>,
  w: Columns,
  scope: SourceScope,
): RawBuilder<unknown> {
  const creator = () => lookup(scope, w, 'creator', 'users', 'created_by');
  // The batch import that created the workflow (migration 0035's workflows.import_id).
  const batchImport = () => lookup(scope, w, 'import', 'batch_imports', 'import_id');
  switch (attribute) {
    case 'id':
    case 'name':
    case 'created_at':
    case 'kind_id':
    case 'status_id':
    case 'region_id':
    case 'business_unit_id':
    case 'cycle_start':
    case 'cycle_end':
    case 'progress':
      return w(attribute);
    case 'kind_tag':
      return lookup(scope, w, 'kind', 'workflow_kinds', 'kind_id')('tag');
    case 'status_tag':
      return lookup(scope, w, 'status', 'workflow_statuses', 'status_id')('tag');
    case 'status_label': {
      const status = lookup(scope, w, 'status', 'workflow_statuses', 'status_id');
      return scope.locale
        ? localizedColumn(status('display_name'), status('display_name_translations'), scope.locale)
        : status('display_name');
    }
    case 'created_by_email':
      return creator()('email');
    case 'created_by_name':
      return sql`trim(${creator()('first_name')} || ' ' || ${creator()('last_name')})`;
    case 'region_name':
      return lookup(scope, w, 'region', 'regions', 'region_id')('name');
    case 'business_unit_name':
      return lookup(scope, w, 'business_unit', 'business_units', 'business_unit_id')('name');
    // Seconds from the cycle's start to its end, or to now while it runs.
    case 'cycle_time':
      return seconds(sql`${w('cycle_start')}`, sql`coalesce(${w('cycle_end')}, ${now})`);
    case 'is_cycle_running':
      return sql`(${w('cycle_end')} is null)`;
    // Seconds the running cycle has lasted so far; null once it has ended.
    case 'ageing':
      return sql`(case when ${w('cycle_end')} is null then ${seconds(sql`${w('cycle_start')}`, now)} end)`;
    case 'badges':
      return heldBadges(w, 'label');
    case 'badge_tags':
      return scope.perItem ? badgeTagItems(scope, w) : heldBadges(w, 'tag');
    case 'import_pipeline_id':
      return w('import_id');
    case 'import_pipeline_name':
      return batchImport()('file_name');
    case 'import_pipeline_created_at':
      return batchImport()('created_at');
    case 'import_pipeline_created_by_email':
      return lookup(scope, batchImport(), 'import_creator', 'users', 'created_by')('email');
  }
}

// Issue 19: the live badges a workflow holds (workflow_badges), as one text in a stable order.
function heldBadges(w: Columns, column: 'label' | 'tag'): RawBuilder<unknown> {
  return sql`(select string_agg(${sql.ref(`d.${column}`)}, ', ' order by d.tag) from workflow_badges wb
    join badge_definitions d on d.tenant_id = wb.tenant_id and d.id = wb.badge_id and d.archived_at is null
    where wb.tenant_id = ${w('tenant_id')} and wb.workflow_id = ${w('id')})`;
}

// Grouped by badge_tags, a workflow counts once under each tag it holds (as a list answer does).
function badgeTagItems(scope: SourceScope, w: Columns): RawBuilder<unknown> {
  const alias = scope.join(
    `${scope.alias ?? 'w'}|badge_tags`,
    (a) => sql`left join lateral (select d.tag from workflow_badges wb
      join badge_definitions d on d.tenant_id = wb.tenant_id and d.id = wb.badge_id and d.archived_at is null
      where wb.tenant_id = ${w('tenant_id')} and wb.workflow_id = ${w('id')}) as ${a} on true`,
  );
  return sql.ref(`${alias}.tag`);
}

// A step's cycle runs from when it (last) opened to its completion.
function stepExpr(
  attribute: ReportStepAttribute,
  now: RawBuilder<unknown>,
  st: Columns,
): RawBuilder<unknown> {
  const end = sql`(case when ${st('state')} = 'completed' then ${st('completed_at')} end)`;
  switch (attribute) {
    case 'state':
    case 'initiated_at':
    case 'completed_at':
    case 'submit_count':
    case 'is_locked':
      return st(attribute);
    case 'completed_by_email':
      return sql`(select u.email from users u where u.tenant_id = ${st('tenant_id')} and u.id = ${st('completed_by')})`;
    case 'completed_by_name':
      return sql`(select trim(u.first_name || ' ' || u.last_name) from users u where u.tenant_id = ${st('tenant_id')} and u.id = ${st('completed_by')})`;
    case 'cycle_start':
      return sql`${st('initiated_at')}`;
    case 'cycle_end':
      return end;
    case 'cycle_time':
      return seconds(sql`${st('initiated_at')}`, sql`coalesce(${end}, ${now})`);
    case 'is_cycle_running':
      return sql`(${st('state')} = 'enabled')`;
    case 'ageing':
      return sql`(case when ${st('state')} = 'enabled' then ${seconds(sql`${st('initiated_at')}`, now)} end)`;
    case 'is_sla_breached':
      return sql`coalesce(${st('sla_breach_at')} < coalesce(${st('completed_at')}, ${now}), false)`;
  }
}

// A step group's cycle runs from its first step's opening to its last completion, once none of its
// steps is open; a group none of whose steps has opened has no cycle (nulls).
function stepGroupExpr(
  attribute: ReportStepGroupAttribute,
  now: RawBuilder<unknown>,
  g: Columns,
): RawBuilder<unknown> {
  const running = g('running');
  const start = g('cycle_start');
  const end = sql`(case when ${running} then null else ${g('last_completed')} end)`;
  switch (attribute) {
    case 'cycle_start':
      return start;
    case 'cycle_end':
      return end;
    case 'cycle_time':
      return seconds(start, sql`coalesce(${end}, ${now})`);
    case 'is_cycle_running':
      return sql`(${running} and ${start} is not null)`;
    case 'ageing':
      return sql`(case when ${running} then ${seconds(start, now)} end)`;
  }
}

const STEP_LABELS: Record<ReportStepAttribute, string> = {
  state: 'state',
  initiated_at: 'start date',
  completed_at: 'completion date',
  completed_by_email: 'completed by (e-mail)',
  completed_by_name: 'completed by',
  cycle_start: 'cycle start',
  cycle_end: 'cycle end',
  cycle_time: 'cycle time',
  is_cycle_running: 'cycle running',
  ageing: 'ageing',
  submit_count: 'submit count',
  is_locked: 'locked',
  is_sla_breached: 'SLA breached',
};

// The source a path names, checked against the kind's definition: an unknown path, step, step group
// or field answers 400 with a stable code and the path, never an SQL error.
export function compileSource(path: string, scope: SourceScope): CompiledSource {
  const source: ReportSource | null = parseReportSource(path);
  if (!source) throw reportError('unknownSource', path);
  const now = sql`cast(${scope.now.toISOString()} as timestamptz)`;
  const w = columnsOf(scope.alias ?? 'w');
  // E-mails have no workflow; a workflow report has no integration run; an Object Report reads its
  // records and their linked workflows, and nothing else reads records.
  const objectSource =
    source.kind === 'record' || source.kind === 'record_field' || source.kind === 'linked_workflow';
  const allowed =
    scope.base === 'email'
      ? source.kind === 'email'
      : scope.base === 'record'
        ? objectSource
        : !objectSource &&
          source.kind !== 'email' &&
          (source.kind !== 'integration_call' || scope.base === 'integration_call');
  if (!allowed) throw reportError('sourceNotInReport', path);
  // Spec 2 §3.4: the import pipeline columns exist only while the tenant's toggle is on.
  if (
    (source.kind === 'workflow' || source.kind === 'linked_workflow') &&
    isImportPipelineAttribute(source.attribute) &&
    scope.structuredDataObject !== true
  ) {
    throw reportError('sourceNotInReport', path);
  }
  if (source.kind === 'record') {
    return {
      path,
      expr: recordExpr(source.attribute, scope.join),
      dataType: sourceDataType(source),
      label: RECORD_LABELS[source.attribute],
      options: null,
    };
  }
  if (source.kind === 'record_field') {
    const objectType = scope.objectType;
    if (!objectType) throw reportError('sourceNeedsKind', path);
    const field = objectType.definition.fields.find((f) => f.tag === source.field_tag);
    if (!field) throw reportError('unknownField', path);
    const column = recordFieldExpr(field, {
      tenantId: scope.tenantId,
      objectTypeId: objectType.id,
      join: scope.join,
      perItem: scope.perItem === true,
    });
    return { path, ...column, label: field.label, options: optionsOf(field) };
  }
  if (source.kind === 'linked_workflow') {
    const linkedScope = { ...scope, alias: LINKED_WORKFLOW_ALIAS };
    return {
      path,
      expr: workflowExpr(source.attribute, now, columnsOf(LINKED_WORKFLOW_ALIAS), linkedScope),
      dataType: sourceDataType(source),
      label: `Linked workflow: ${WORKFLOW_LABELS[source.attribute]}`,
      options: null,
      linked: true,
    };
  }
  if (source.kind === 'integration_call') {
    return {
      path,
      expr: integrationCallExpr(source.attribute, now),
      dataType: sourceDataType(source),
      label: INTEGRATION_CALL_LABELS[source.attribute],
      options: null,
    };
  }
  if (source.kind === 'email') {
    return {
      path,
      expr: emailExpr(source.attribute),
      dataType: sourceDataType(source),
      label: EMAIL_LABELS[source.attribute],
      options: null,
    };
  }
  if (source.kind === 'workflow') {
    return {
      path,
      expr: workflowExpr(source.attribute, now, w, scope),
      dataType: sourceDataType(source),
      label: WORKFLOW_LABELS[source.attribute],
      options: null,
    };
  }
  const definition = scope.definition;
  if (!definition) throw reportError('sourceNeedsKind', path);
  if (source.kind === 'step') {
    const step = flattenSteps(definition).find((s) => s.tag === source.step_tag);
    if (!step) throw reportError('unknownStep', path);
    // One row per (workflow, step tag): the join never multiplies rows.
    const alias = scope.join(
      `${scope.alias ?? 'w'}|step|${source.step_tag}`,
      (a) => sql`left join workflow_steps as ${a}
      on ${a}.tenant_id = ${w('tenant_id')} and ${a}.workflow_id = ${w('id')} and ${a}.step_tag = ${source.step_tag}`,
    );
    return {
      path,
      expr: stepExpr(source.attribute, now, columnsOf(alias)),
      dataType: sourceDataType(source),
      label: `${step.name}: ${STEP_LABELS[source.attribute]}`,
      options: null,
    };
  }
  if (source.kind === 'step_group') {
    const group = definition.step_groups.find((g) => g.tag === source.group_tag);
    if (!group) throw reportError('unknownStepGroup', path);
    const cycles = stepGroupCycles(scope, w, source.group_tag);
    return {
      path,
      expr: stepGroupExpr(source.attribute, now, cycles),
      dataType: sourceDataType(source),
      label: `${group.name}: ${STEP_LABELS[source.attribute]}`,
      options: null,
    };
  }
  const field = flattenSteps(definition)
    .flatMap((s) => s.fields)
    .find((f) => f.tag === source.field_tag);
  if (!field || !isAnswerable(field.type)) throw reportError('unknownField', path);
  const dataType = fieldReportDataType(field.type);
  if (scope.perItem && LIST_FIELD_TYPES.includes(field.type)) {
    // The current answer's JSON value (unique per workflow and field tag), one row per item.
    const r = columnsOf(answerJoin(scope, w, source.field_tag, 'value'));
    const items = scope.join(
      `${scope.alias ?? 'w'}|items|${source.field_tag}`,
      (a) => sql`left join lateral jsonb_array_elements_text(
        case when jsonb_typeof(${r('value')}) = 'array' then ${r('value')} else '[]'::jsonb end) as ${a}(item) on true`,
    );
    return {
      path,
      expr: sql.ref(`${items}.item`),
      dataType: 'text',
      label: field.label,
      options: optionsOf(field),
    };
  }
  const projection =
    dataType === 'number' ? 'number_value' : dataType === 'date' ? 'date_value' : 'text_value';
  const r = columnsOf(answerJoin(scope, w, source.field_tag, projection));
  return {
    path,
    // A day answer as the instant its UTC day starts, so every date source is a timestamptz.
    expr:
      dataType === 'date' ? sql`(cast(${r('date_value')} as timestamp) at time zone 'UTC')` : r(projection),
    dataType,
    label: field.label,
    options: optionsOf(field),
  };
}

// The current answer of a field (unique per workflow and field tag, so the join never multiplies
// rows), read for one projection. For a projection the join keeps only the answers where it is set:
// an unset one reads as null either way, and the condition is the predicate of that projection's
// index (workflow_responses_text_idx, _number_idx, _date_idx: tenant, field tag, value, workflow),
// so the planner can read the field's answers from that index alone instead of the answer rows.
function answerJoin(
  scope: SourceScope,
  w: Columns,
  fieldTag: string,
  projection: 'value' | 'text_value' | 'number_value' | 'date_value',
): string {
  const set = projection === 'value' ? sql`` : sql` and ${sql.ref(projection)} is not null`;
  return scope.join(
    `${scope.alias ?? 'w'}|field|${fieldTag}|${projection}`,
    (a) => sql`left join (select workflow_id, ${sql.ref(projection)} from workflow_responses
      where tenant_id = ${scope.tenantId} and field_tag = ${fieldTag} and is_current${set}) as ${a}
      on ${a}.workflow_id = ${w('id')}`,
  );
}

// A step group's cycle per workflow, as workflow_step_group_cycles keeps it (migration 0017: the
// fold of the group's steps, first opening, last completion, whether one is open, recomputed by
// triggers whenever its steps change): one row per workflow and group, so the join never multiplies
// rows. A workflow without steps in the group reads nulls, as it has no cycle.
function stepGroupCycles(scope: SourceScope, w: Columns, groupTag: string): Columns {
  const alias = scope.join(
    `${scope.alias ?? 'w'}|group|${groupTag}`,
    (a) => sql`left join workflow_step_group_cycles as ${a}
      on ${a}.tenant_id = ${w('tenant_id')} and ${a}.step_group_tag = ${groupTag} and ${a}.workflow_id = ${w('id')}`,
  );
  return columnsOf(alias);
}

// Answers that are lists of items: grouped by item (a workflow counts once in each of its items).
const LIST_FIELD_TYPES: readonly string[] = [
  'multi_select',
  'grouped_checkbox',
  'country_multi_select',
  'badge_tags',
  'array',
];

function optionsOf(field: object): CompiledSource['options'] {
  if (!('options' in field) || !Array.isArray(field.options)) return null;
  return field.options.map((o: { value: string; label: string }) => ({ value: o.value, label: o.label }));
}
