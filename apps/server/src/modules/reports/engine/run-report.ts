import {
  catalogueForDefinition,
  catalogueIndex,
  commonCatalogue,
  type ListEnvironment,
  ObjectTypeDefinitionSchema,
  type ReportCell,
  type ReportConfig,
  type ReportResult,
  recordCatalogueIndex,
  type WorkflowDefinition,
} from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import { NotFoundError } from '../../../platform/errors.js';
import type { Tx } from '../../../platform/tenant-transaction.js';
import { configurationRepository } from '../../configuration/index.js';
import { compileRecordConditionGroup } from '../../records/index.js';
import { currentDefinitions } from '../../workflow-list/index.js';
import {
  type CompiledReport,
  compileReport,
  type OutputColumn,
  RELATION_ALIASES,
  type Relation,
} from './compile-report.js';
import { LINKED_WORKFLOW_ALIAS } from './record-object-sources.js';
import {
  linkedWorkflowsJoin,
  reportObjectType,
  reportPageRows,
  reportRowCount,
  useReportWorkMem,
  visibleRecords,
  visibleWorkflows,
} from './report-data.repository.js';
import { reportError } from './report-errors.js';
import { reportFilterSql } from './report-filters.js';
import { planRollup, type RollupTable, rollupFields } from './rollups.js';
import type { ReportBase } from './source-sql.js';

export type ReportRunContext = {
  // The person the report runs for: it holds only the workflows they may see.
  userId: string;
  // The instant running cycles, ageing and relative filters are measured at; now by default.
  now?: Date;
  // The language status labels are named in (issue 14); as the tenant wrote them without it.
  locale?: string;
  // Production's workflows by default; a test environment's, or ALL, when asked (issue 15).
  environment?: ListEnvironment;
  // false: never answer from the rollups (the property test compares both paths).
  rollups?: boolean;
  // The tenant's feature toggles that change the columns (spec 2 §3.4: ENABLE_STRUCTURED_DATA_OBJECT
  // offers import_pipeline_*); read from the tenant's configuration when not given.
  features?: { structuredDataObject: boolean };
  // Told which path answered and how long it took (the bench prints it; the service logs it).
  onAnswered?: (answer: ReportAnswerPath) => void;
};

// Which path answered a report: the rollups of migration 0029 (engine/rollups.ts) or the full query
// over the workflows, and the milliseconds its queries took.
export type ReportAnswerPath = { path: 'rollup' | 'full'; table?: RollupTable; ms: number };

export type ReportPage = { limit: number; offset: number };

// Runs a validated configuration (spec 2 §3.8) for one user of one tenant: one query, inside the
// caller's withTenant transaction. Answers the header row then the page's value rows, and `count`,
// the number of rows (groups) in all. Throws 400 (report-errors.ts) for a source the kind lacks and
// 404 for a kind the tenant does not have.
export async function runReport(
  tx: Tx,
  tenantId: string,
  ctx: ReportRunContext,
  config: ReportConfig,
  page: ReportPage,
): Promise<ReportResult> {
  const base: ReportBase =
    config.report_kind === 'email_delivery'
      ? 'email'
      : config.report_kind === 'integration_call'
        ? 'integration_call'
        : config.report_kind === 'object'
          ? 'record'
          : 'workflow';
  const now = ctx.now ?? new Date();
  const structuredDataObject = ctx.features
    ? ctx.features.structuredDataObject
    : namesImportPipeline(config) && (await structuredDataObjectOn(tx, tenantId));
  if (base === 'record') {
    return runObjectReport(tx, tenantId, ctx, config, page, { now, structuredDataObject });
  }
  let definition: WorkflowDefinition | null = null;
  if (config.kind_id !== null && base !== 'email') {
    const [kind] = await currentDefinitions(tx, tenantId, [String(config.kind_id)]);
    if (!kind) throw new NotFoundError();
    definition = kind.definition;
  }
  const parts = [...config.attributes, ...config.operations, ...config.group_by, ...config.order_by];
  const relatedIds = [
    ...new Set(parts.flatMap((p) => (p.join_relation !== 'self' && p.kind_id ? [p.kind_id] : []))),
  ];
  const related = new Map<number, WorkflowDefinition>();
  for (const kind of await currentDefinitions(tx, tenantId, relatedIds.map(String))) {
    related.set(Number(kind.id), kind.definition);
  }
  if (related.size < relatedIds.length) throw new NotFoundError();
  const compiled = compileReport(config, {
    base,
    tenantId,
    now,
    locale: ctx.locale,
    definition,
    related,
    allowRelations: config.report_kind === 'orm_workflow',
    structuredDataObject,
  });
  const columns = sql.join(compiled.inner.map(({ alias, expr }) => sql`${expr} as ${sql.ref(alias)}`));
  let inner: RawBuilder<unknown>;
  if (base === 'email') {
    // The tenant's outbox; workflow filters mean nothing here.
    if (config.filters.conditions.length > 0) throw reportError('filtersNotInReport');
    inner = sql`select ${columns} from outbox_emails e where e.tenant_id = ${tenantId}`;
  } else {
    const catalogue = catalogueIndex(definition ? catalogueForDefinition(definition) : commonCatalogue());
    const filter = reportFilterSql(config.filters, catalogue, now);
    if (base === 'workflow' && ctx.rollups !== false) {
      const answered = await fromRollups(tx, tenantId, ctx, config, compiled, page, {
        definition,
        catalogue,
        filter,
        now,
      });
      if (answered) return answered;
    }
    let roots = visibleWorkflows(tx, tenantId, ctx.userId, ctx.environment).where(filter);
    if (config.kind_id !== null) roots = roots.where('w.kind_id', '=', String(config.kind_id));
    const joins = [
      ...compiled.relations.map((relation) => relatedJoin(tx, tenantId, ctx, relation)),
      ...compiled.joins,
    ];
    const from =
      base === 'integration_call'
        ? sql`integration_runs ir join (${roots}) as w on w.tenant_id = ir.tenant_id and w.id = ir.workflow_id`
        : sql`(${roots}) as w`;
    const where = base === 'integration_call' ? sql` where ir.tenant_id = ${tenantId}` : sql``;
    inner = sql`select ${columns} from ${from} ${sql.join(joins, sql` `)}${where}`;
  }

  return fullReport(tx, ctx, compiled, inner, page);
}

// The compiled report run as one query over its inner rows: the page and the number of rows.
async function fullReport(
  tx: Tx,
  ctx: ReportRunContext,
  compiled: CompiledReport,
  inner: RawBuilder<unknown>,
  page: ReportPage,
): Promise<ReportResult> {
  const started = performance.now();
  await useReportWorkMem(tx);
  const rows = await reportPageRows(tx, pageQuery(compiled, inner, page));
  let count = rows[0] ? Number(rows[0]._total) : 0;
  if (rows.length === 0 && page.offset > 0) {
    // Past the last page the window count is not there: count the rows alone.
    count = await reportRowCount(tx, outerQuery(compiled, inner));
  }
  ctx.onAnswered?.({ path: 'full', ms: performance.now() - started });
  return resultOf(compiled, rows, count);
}

// An Object Report (issue 18, plan §6): the records of one object type the user may see, with
// their own columns, their fields and the columns of the workflows linked to them (a record with
// n visible linked workflows is n rows, as an ORM report's children, so count() then counts pairs;
// count(record__id) with no linked column counts records). Filters name the type's catalogue
// (record__…, record_field__…) and compile as the records list's. Never from rollups.
async function runObjectReport(
  tx: Tx,
  tenantId: string,
  ctx: ReportRunContext,
  config: ReportConfig,
  page: ReportPage,
  scope: { now: Date; structuredDataObject: boolean },
): Promise<ReportResult> {
  if (config.object_type_id === null) throw reportError('needsObjectType');
  const row = await reportObjectType(tx, tenantId, String(config.object_type_id));
  if (!row) throw new NotFoundError();
  const definition = ObjectTypeDefinitionSchema.parse(row.definition);
  const compiled = compileReport(config, {
    base: 'record',
    tenantId,
    now: scope.now,
    locale: ctx.locale,
    definition: null,
    related: new Map(),
    allowRelations: false,
    objectType: { id: row.id, definition },
    structuredDataObject: scope.structuredDataObject,
  });
  const filter = reportFilterSql(
    config.filters,
    recordCatalogueIndex(definition),
    scope.now,
    compileRecordConditionGroup,
  );
  const records = visibleRecords(
    tx,
    tenantId,
    ctx.userId,
    { id: row.id, hasPlaces: row.has_region || row.has_business_unit },
    filter,
  );
  const linked = compiled.linked
    ? [
        linkedWorkflowsJoin(
          tenantId,
          visibleWorkflows(tx, tenantId, ctx.userId, ctx.environment),
          LINKED_WORKFLOW_ALIAS,
        ),
      ]
    : [];
  const columns = sql.join(compiled.inner.map(({ alias, expr }) => sql`${expr} as ${sql.ref(alias)}`));
  const joins = sql.join([...linked, ...compiled.joins], sql` `);
  const inner = sql`select ${columns} from (${records}) as rec ${joins}`;
  return fullReport(tx, ctx, compiled, inner, page);
}

// Whether a column names an import_pipeline_* attribute (only then is the toggle read).
function namesImportPipeline(config: ReportConfig): boolean {
  return JSON.stringify([config.attributes, config.operations, config.group_by, config.order_by]).includes(
    'import_pipeline_',
  );
}

async function structuredDataObjectOn(tx: Tx, tenantId: string): Promise<boolean> {
  const configuration = await configurationRepository.find(tx, tenantId);
  return configuration?.feature_toggles?.ENABLE_STRUCTURED_DATA_OBJECT === true;
}

function resultOf(compiled: CompiledReport, rows: Record<string, unknown>[], count: number): ReportResult {
  const header = compiled.columns.map((c) => c.label);
  const values = rows.map((row) => compiled.columns.map((column, i) => cell(column, row[`v${i}`])));
  return { results: [header, ...values], count };
}

// The report from the rollups when its shape fits them (engine/rollups.ts), else null. The compiled
// full query gives the header and the columns' types: both answer the same columns.
async function fromRollups(
  tx: Tx,
  tenantId: string,
  ctx: ReportRunContext,
  config: ReportConfig,
  compiled: CompiledReport,
  page: ReportPage,
  scope: {
    definition: WorkflowDefinition | null;
    catalogue: ReturnType<typeof catalogueIndex>;
    filter: ReturnType<typeof reportFilterSql>;
    now: Date;
  },
): Promise<ReportResult | null> {
  const started = performance.now();
  const kindId = config.kind_id === null ? null : String(config.kind_id);
  const namesFields = [...config.group_by, ...config.operations.flatMap((o) => o.arguments)].some((p) =>
    'source' in p ? p.source.startsWith('field__') : p.type === 'column' && p.value.startsWith('field__'),
  );
  const fields = kindId && namesFields ? await rollupFields(tx, tenantId, kindId) : new Set<string>();
  const plan = planRollup(config, {
    tenantId,
    userId: ctx.userId,
    kindId,
    definition: scope.definition,
    catalogue: scope.catalogue,
    filter: scope.filter,
    environment: ctx.environment ?? 'PRODUCTION',
    now: scope.now,
    locale: ctx.locale,
    fields,
  });
  if (!plan) return null;
  const rows = await reportPageRows(tx, plan.page(page.limit, page.offset));
  if (plan.checksIdle && rows.some((row) => Number(row._idle) > 0)) return null;
  let count = rows[0] ? Number(rows[0]._total) : 0;
  if (rows.length === 0 && page.offset > 0) count = await reportRowCount(tx, plan.rows);
  ctx.onAnswered?.({ path: 'rollup', table: plan.table, ms: performance.now() - started });
  return resultOf(compiled, rows, count);
}

// A left join, so a root without related workflows keeps its row (with nulls).
function relatedJoin(
  tx: Tx,
  tenantId: string,
  ctx: ReportRunContext,
  { relation, kindId }: Relation,
): RawBuilder<unknown> {
  const alias = sql.ref(RELATION_ALIASES[relation]);
  const kind = kindId === null ? sql`` : sql` and ${alias}.kind_id = ${String(kindId)}`;
  const visible = visibleWorkflows(tx, tenantId, ctx.userId, ctx.environment);
  switch (relation) {
    case 'parent':
      return sql`left join (${visible}) as ${alias} on ${alias}.id = w.parent_id${kind}`;
    case 'children':
      return sql`left join (${visible}) as ${alias} on ${alias}.parent_id = w.id${kind}`;
    case 'grandchildren': {
      const grandchildren = visible
        .innerJoin('workflows as mid', (join) =>
          join.onRef('mid.tenant_id', '=', 'w.tenant_id').onRef('mid.id', '=', 'w.parent_id'),
        )
        .select('mid.parent_id as root_id');
      return sql`left join (${grandchildren}) as ${alias} on ${alias}.root_id = w.id${kind}`;
    }
  }
}

function outerQuery(compiled: CompiledReport, inner: RawBuilder<unknown>, extra: RawBuilder<unknown>[] = []) {
  const select = sql.join([
    ...compiled.outerSelect.map((expr, i) => sql`${expr} as ${sql.ref(`v${i}`)}`),
    ...extra,
  ]);
  const groupBy = compiled.groupBy.length > 0 ? sql` group by ${sql.join(compiled.groupBy)}` : sql``;
  return sql`select ${select} from (${inner}) as b${groupBy}`;
}

// count(*) over () runs after the grouping: the number of rows (groups) before the limit.
function pageQuery(compiled: CompiledReport, inner: RawBuilder<unknown>, page: ReportPage) {
  const query = outerQuery(compiled, inner, [sql`count(*) over () as _total`]);
  const orderBy = compiled.orderBy.length > 0 ? sql` order by ${sql.join(compiled.orderBy)}` : sql``;
  return sql<Record<string, unknown>>`${query}${orderBy} limit ${page.limit} offset ${page.offset}`;
}

// Cells as JSON values: numbers (ids and counts arrive from bigint as strings), ISO stamps for dates.
function cell(column: OutputColumn, value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if ((column.dataType === 'number' || column.dataType === 'duration') && typeof value === 'string') {
    return Number(value);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
