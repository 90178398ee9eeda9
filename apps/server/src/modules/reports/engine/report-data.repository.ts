import type { ListEnvironment } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../../platform/tenant-transaction.js';
import { placeGrantFilter } from '../../workflows/index.js';
import { reportVisibilityFilter } from './report-visibility.js';

// Memory per sort or hash of a report's query (each parallel worker has its own): enough for a
// million-workflow join or fold to stay in memory.
export const REPORT_WORK_MEM = '64MB';

// The workflows of the tenant the user may see, unarchived: the list's rule (visibleWorkflowsFilter,
// in the form of report-visibility.ts), so a report never shows a workflow the list would not;
// related workflows keep to it too. A subquery the compiled report selects from.
// Production's workflows unless asked for a test environment's, or for ALL (issue 15).
export function visibleWorkflows(
  tx: Tx,
  tenantId: string,
  userId: string,
  environment: ListEnvironment = 'PRODUCTION',
) {
  const query = tx
    .selectFrom('workflows as w')
    .selectAll('w')
    .where('w.tenant_id', '=', tenantId)
    .where('w.archived_at', 'is', null)
    .where(reportVisibilityFilter(userId));
  if (environment === 'ALL') return query;
  return environment === 'PRODUCTION'
    ? query.where('w.test_environment', 'is', null)
    : query.where('w.test_environment', '=', environment);
}

// An Object Report's object type (issue 18): its current, published version's definition (JSON, the
// caller parses it). Undefined for a type of another tenant (RLS), never published, or archived.
export async function reportObjectType(tx: Tx, tenantId: string, objectTypeId: string) {
  return tx
    .selectFrom('object_types as t')
    .innerJoin('object_type_versions as v', (join) =>
      join.onRef('v.tenant_id', '=', 't.tenant_id').onRef('v.id', '=', 't.current_version_id'),
    )
    .select(['t.id', 't.has_region', 't.has_business_unit', 'v.definition'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.id', '=', objectTypeId)
    .where('t.archived_at', 'is', null)
    .executeTakeFirst();
}

// The records of one object type the user may see, unarchived (`rec`): a type with a region or a
// business unit shows a record only with a grant on its place, the workflows' rule and SQL
// (placeGrantFilter), as the records list does; a type without places shows all of them. `where`
// is the report's filters over the same row, named `r` as the records list's compiler writes them.
export function visibleRecords(
  tx: Tx,
  tenantId: string,
  userId: string,
  objectType: { id: string; hasPlaces: boolean },
  where: RawBuilder<SqlBool>,
) {
  let query = tx
    .selectFrom('records as r')
    .selectAll('r')
    .where('r.tenant_id', '=', tenantId)
    .where('r.object_type_id', '=', objectType.id)
    .where('r.archived_at', 'is', null)
    .where(where);
  if (objectType.hasPlaces) {
    query = query.where((eb) =>
      placeGrantFilter(userId, eb.ref('r.region_id'), eb.ref('r.business_unit_id')),
    );
  }
  return query;
}

// The workflows linked to a record (workflow_record_links: one row per workflow, field and record),
// once per workflow and record however many of its fields name the record, and only those the user
// may see (`visible`, visibleWorkflows): a left join, so a record without one keeps its row.
export function linkedWorkflowsJoin(
  tenantId: string,
  visible: ReturnType<typeof visibleWorkflows>,
  alias: string,
): RawBuilder<unknown> {
  const a = sql.ref(alias);
  return sql`left join (select l.record_id as _record_id, wv.*
    from (select distinct workflow_id, record_id from workflow_record_links where tenant_id = ${tenantId}) as l
    join (${visible}) as wv on wv.id = l.workflow_id) as ${a} on ${a}._record_id = rec.id`;
}

// A report folds up to every workflow of a kind (hash joins and aggregates over a million rows): with
// the server's default work_mem (4 MB) they spill to disk in batches. For this transaction only.
export async function useReportWorkMem(tx: Tx): Promise<void> {
  await sql`select set_config('work_mem', ${REPORT_WORK_MEM}, true)`.execute(tx);
}

// The compiled report's page: its value columns v0, v1, … and `_total`, the rows in all.
export type ReportPageRow = Record<string, unknown>;

export async function reportPageRows(tx: Tx, query: RawBuilder<ReportPageRow>): Promise<ReportPageRow[]> {
  const result = await query.execute(tx);
  return result.rows;
}

// The rows (groups) of a compiled report, counted alone.
export async function reportRowCount(tx: Tx, rows: RawBuilder<unknown>): Promise<number> {
  const counted = await sql<{ n: string }>`select count(*) as n from (${rows}) as x`.execute(tx);
  return Number(counted.rows[0]?.n ?? 0);
}
