import type { ConditionGroup } from '@attest/shared';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { badgeAwardsRepository as awards } from './badge-awards.repository.js';
import { RECOMPUTE_BATCH } from './badge-refresh.js';
import { compileBadges, readsClock, ruleCatalogue } from './badge-rules.js';
import { type BadgeDefinitionRow, badgesRepository } from './badges.repository.js';

// Issue 19: a rule that reads the clock ('contract signed within the last 30 days', an SLA) can stop
// or start holding while nothing about the workflow changes, so no trigger queues it. The clock job
// (badge-jobs.ts, hourly) walks the workflows such badges could be held by: each clock badge over its
// kind's workflows (every workflow for a badge without a kind), one batch per transaction. A walk
// sets exactly the holdings the rule gives at `now`, so running it again, or after a stop, is safe.

export type ClockOutcome = { badges: number; evaluated: number };

// The tenant's live definitions whose rules read the clock.
export async function clockBadges(db: Db, tenantId: string): Promise<BadgeDefinitionRow[]> {
  return withTenant(db, tenantId, async (tx) => {
    const clocked: BadgeDefinitionRow[] = [];
    for (const definition of await badgesRepository.live(tx)) {
      const catalogue = await ruleCatalogue(tx, tenantId, definition.kind_id);
      if (readsClock(definition.rule as ConditionGroup, catalogue)) clocked.push(definition);
    }
    return clocked;
  });
}

export async function refreshClockBadges(
  db: Db,
  tenantId: string,
  now: Date,
  batch = RECOMPUTE_BATCH,
): Promise<ClockOutcome> {
  const definitions = await clockBadges(db, tenantId);
  const outcome: ClockOutcome = { badges: definitions.length, evaluated: 0 };
  for (const definition of definitions) {
    let cursor = '0';
    for (;;) {
      const done = await withTenant(db, tenantId, async (tx) => {
        // Read again in each batch: a definition archived or deleted meanwhile ends its walk.
        const current = await badgesRepository.find(tx, definition.id);
        if (!current || current.archived_at !== null) return null;
        const ids = await awards.workflowsAfter(tx, cursor, batch, current.kind_id);
        const compiled = await compileBadges(tx, tenantId, [current], now);
        await awards.award(tx, ids, compiled, current.id);
        return ids;
      });
      if (done === null) break;
      outcome.evaluated += done.length;
      cursor = done.at(-1) ?? cursor;
      if (done.length < batch) break;
    }
  }
  return outcome;
}
