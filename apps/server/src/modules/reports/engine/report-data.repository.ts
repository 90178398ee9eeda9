import type { ListEnvironment } from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../../platform/tenant-transaction.js';
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
