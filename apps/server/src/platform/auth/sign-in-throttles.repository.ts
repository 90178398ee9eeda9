import { sql } from 'kysely';
import type { Tx } from '../tenant-transaction.js';

export type ThrottleCounter = {
  key: string;
  failures: number;
  first_failure_at: Date;
  last_failure_at: Date;
  locked_until: Date | null;
};

// The sign_in_throttles table: one failure counter per tenant and key (purpose, account or address).
export const signInThrottlesRepository = {
  // Creates the missing counters, then locks them all until the transaction ends, so concurrent
  // attempts on one key are judged one by one.
  async lockCounters(tx: Tx, tenantId: string, keys: string[], at: Date): Promise<ThrottleCounter[]> {
    await tx
      .insertInto('sign_in_throttles')
      .values(
        keys.map((key) => ({
          tenant_id: tenantId,
          key,
          failures: 0,
          first_failure_at: at,
          last_failure_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'key']).doNothing())
      .execute();
    return tx
      .selectFrom('sign_in_throttles')
      .select(['key', 'failures', 'first_failure_at', 'last_failure_at', 'locked_until'])
      .where('tenant_id', '=', tenantId)
      .where('key', 'in', keys)
      .orderBy('key')
      .forUpdate()
      .execute();
  },

  // Counts one failure; a counter whose window began before windowStart, or whose lock has passed
  // by `at`, starts again from one. Answers the new count.
  async countFailure(tx: Tx, tenantId: string, key: string, at: Date, windowStart: Date): Promise<number> {
    const stale = sql<boolean>`(sign_in_throttles.first_failure_at <= ${windowStart}
        or sign_in_throttles.locked_until <= ${at})`;
    const row = await tx
      .insertInto('sign_in_throttles')
      .values({ tenant_id: tenantId, key, failures: 1, first_failure_at: at, last_failure_at: at })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'key']).doUpdateSet({
          failures: sql`case when ${stale} then 1 else sign_in_throttles.failures + 1 end`,
          first_failure_at: sql`case when ${stale} then ${at} else sign_in_throttles.first_failure_at end`,
          locked_until: sql`case when ${stale} then null else sign_in_throttles.locked_until end`,
          last_failure_at: at,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  },

  async lock(tx: Tx, tenantId: string, key: string, lockedUntil: Date): Promise<void> {
    await tx
      .updateTable('sign_in_throttles')
      .set({ locked_until: lockedUntil })
      .where('tenant_id', '=', tenantId)
      .where('key', '=', key)
      .execute();
  },

  // Takes back one counted failure (an attempt counted before its outcome was known).
  async forgiveOne(tx: Tx, tenantId: string, key: string): Promise<void> {
    await tx
      .updateTable('sign_in_throttles')
      .set({ failures: sql`greatest(failures - 1, 0)` })
      .where('tenant_id', '=', tenantId)
      .where('key', '=', key)
      .execute();
  },

  async clear(tx: Tx, tenantId: string, key: string): Promise<void> {
    await tx
      .deleteFrom('sign_in_throttles')
      .where('tenant_id', '=', tenantId)
      .where('key', '=', key)
      .execute();
  },
};
