import type { Db } from '../../db/database.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { badgeAwardsRepository as awards } from './badge-awards.repository.js';
import { compileBadges } from './badge-rules.js';
import { badgesRepository } from './badges.repository.js';

// One transaction's share of the work: small enough to hold its locks briefly, large enough that
// a rule change over a million workflows takes a few hundred transactions.
export const REFRESH_BATCH = 500;
export const RECOMPUTE_BATCH = 2_000;

// What one call did, for tests and the job's log.
export type RefreshOutcome = { refreshed: number; recomputed: number };

// Evaluates a tenant's queued workflows and walks its pending rule changes, one batch per
// transaction, until nothing is left. Each batch commits its holdings with what it took off the
// queue (or its advanced cursor), so a worker stopped at any point leaves the rest for the next run.
export async function refreshTenantBadges(db: Db, tenantId: string): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { refreshed: 0, recomputed: 0 };
  for (;;) {
    const refreshed = await withTenant(db, tenantId, async (tx) => {
      const ids = await awards.claimQueued(tx, REFRESH_BATCH);
      if (ids.length === 0) return 0;
      const badges = await compileBadges(tx, tenantId, await badgesRepository.live(tx), new Date());
      await awards.award(tx, ids, badges);
      return ids.length;
    });
    outcome.refreshed += refreshed;
    if (refreshed === 0) break;
  }
  for (;;) {
    const recomputed = await withTenant(db, tenantId, (tx) => recomputeBatch(tx, tenantId));
    outcome.recomputed += recomputed;
    if (recomputed === 0) break;
  }
  return outcome;
}

// The next batch of the first pending rule change: its definition alone, for the next workflows.
async function recomputeBatch(tx: Parameters<typeof compileBadges>[0], tenantId: string): Promise<number> {
  const [pending] = await awards.pendingRecomputes(tx);
  if (!pending) return 0;
  const ids = await awards.workflowsAfter(tx, pending.recompute_cursor, RECOMPUTE_BATCH);
  const definition = await badgesRepository.find(tx, pending.id);
  // An archived definition is held by no one that anyone sees; its walk simply ends.
  const live = definition && definition.archived_at === null ? [definition] : [];
  const badges = await compileBadges(tx, tenantId, live, new Date());
  await awards.award(tx, ids, badges, pending.id);
  const last = ids.at(-1) ?? pending.recompute_cursor;
  await awards.advanceRecompute(
    tx,
    pending.id,
    last,
    pending.recompute_done + ids.length,
    ids.length < RECOMPUTE_BATCH,
  );
  // A finished walk still counts as work done, so the caller asks again for the next definition.
  return Math.max(ids.length, 1);
}
