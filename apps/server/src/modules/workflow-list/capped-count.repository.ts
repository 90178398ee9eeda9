import { COUNT_EXACT_LIMIT } from '@attest/shared';
import { CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export type CappedCount = { count: number; estimate: boolean };

// The count rule (docs/dashboard.md): exact up to `exactLimit` matches, because counting stops
// there; above, the planner's estimate for the same query (never below the limit). So counting a
// million matches costs no more than reading ten thousand index entries.
export async function cappedCount(
  tx: Tx,
  // biome-ignore lint/suspicious/noExplicitAny: any select over any tables of the schema
  matches: SelectQueryBuilder<Database, any, any>,
  exactLimit = COUNT_EXACT_LIMIT,
): Promise<CappedCount> {
  const capped = await tx
    .selectFrom(matches.limit(exactLimit + 1).as('c'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const exact = Number(capped.n);
  if (exact <= exactLimit) return { count: exact, estimate: false };
  const compiled = matches.compile();
  const plan = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const estimated = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { count: Math.max(estimated, exactLimit + 1), estimate: true };
}
