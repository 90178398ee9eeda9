import { COUNT_EXACT_LIMIT } from '@attest/shared';
import { CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export type CappedCount = { count: number; estimate: boolean };

// biome-ignore lint/suspicious/noExplicitAny: any select over any tables of the schema
export type MatchQuery = SelectQueryBuilder<Database, any, any>;

// One count to make: the rows to count and, when the planner misjudges a condition of them (the
// visibility filter's correlated EXISTS, always taken as matching 3 rows in 4), the same rows in a
// form it can estimate (docs/workflow-list.md, the count rule).
export type CountArm = { matches: MatchQuery; estimate?: MatchQuery };

// Counted exactly when the planner expects at most this many times the limit: its estimate is
// trusted above, where a wrong factor of two still leaves the count above the limit.
export const ESTIMATE_TRUSTED_ABOVE = 2;

// The count rule (docs/workflow-list.md): ask the planner first (an EXPLAIN, ~1 ms). Where it
// expects more than twice the limit, its estimate is the answer, so a count never reads thousands
// of rows to find matches that are sparse in scan order. Otherwise count exactly, stopping after
// `exactLimit` + 1 rows: exact up to the limit; above it, the estimate (never below the limit).
export async function cappedCount(
  tx: Tx,
  matches: MatchQuery,
  exactLimit = COUNT_EXACT_LIMIT,
  estimate: MatchQuery = matches,
): Promise<CappedCount> {
  const [count] = await cappedCounts(tx, [{ matches, estimate }], exactLimit);
  return count as CappedCount;
}

// The counts of several arms in two statements whatever their number: one EXPLAIN of all of them
// (a UNION ALL whose Append holds one estimate per arm), then one capped count per arm that needs
// it, as one UNION ALL. The rule of cappedCount per arm.
export async function cappedCounts(
  tx: Tx,
  arms: CountArm[],
  exactLimit = COUNT_EXACT_LIMIT,
  planned?: number[],
): Promise<CappedCount[]> {
  if (arms.length === 0) return [];
  const estimates = planned ?? (await planEstimates(tx, arms));
  const toCount = arms
    .map((arm, i) => ({ arm, i }))
    .filter(({ i }) => (estimates[i] ?? 0) <= ESTIMATE_TRUSTED_ABOVE * exactLimit);
  const exact = new Map<number, number>();
  if (toCount.length > 0) {
    const counted = toCount.map(
      ({ arm, i }) =>
        sql<{
          arm: number;
          n: number;
        }>`select ${sql.lit(i)}::int as arm, count(*)::int as n from (${arm.matches.limit(exactLimit + 1)}) as c`,
    );
    const { rows } = await sql<{ arm: number; n: number }>`${sql.join(counted, sql` union all `)}`.execute(
      tx,
    );
    for (const row of rows) exact.set(row.arm, row.n);
  }
  return arms.map((_, i) => {
    const n = exact.get(i);
    const planned = Math.round(estimates[i] ?? 0);
    if (n !== undefined && n <= exactLimit) return { count: n, estimate: false };
    return { count: Math.max(planned, exactLimit + 1), estimate: true };
  });
}

type PlanNode = { 'Node Type': string; 'Plan Rows': number; Plans?: PlanNode[] };

// The planner's row estimate of each query, from one EXPLAIN of their UNION ALL (the Append's
// children, in order); one EXPLAIN each if the planner folded an arm away (a constant false).
export function planEstimates(tx: Tx, arms: CountArm[]): Promise<number[]> {
  return planRows(
    tx,
    arms.map((arm) => arm.estimate ?? arm.matches),
  );
}

async function planRows(tx: Tx, queries: MatchQuery[]): Promise<number[]> {
  if (queries.length === 1) return [(await explain(tx, sql`${queries[0]}`)).plan['Plan Rows']];
  const union = sql.join(
    queries.map((q) => sql`(${q})`),
    sql` union all `,
  );
  // A parallel plan's Append children estimate one worker's share: planned serially for the
  // estimates, the default restored for what the transaction runs next.
  await sql`set local max_parallel_workers_per_gather = 0`.execute(tx);
  const { plan } = await explain(tx, union);
  await sql`set local max_parallel_workers_per_gather to default`.execute(tx);
  const children = plan['Node Type'] === 'Append' ? (plan.Plans ?? []) : [];
  if (children.length === queries.length) return children.map((child) => child['Plan Rows']);
  return Promise.all(queries.map(async (q) => (await explain(tx, sql`${q}`)).plan['Plan Rows']));
}

async function explain(tx: Tx, query: ReturnType<typeof sql>): Promise<{ plan: PlanNode }> {
  const compiled = query.compile(tx);
  const result = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error('EXPLAIN answered no plan');
  return { plan };
}
