import type { BadgeChip } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { workflowAccess } from '../workflows/index.js';
import { badgeAwardsRepository as awards } from './badge-awards.repository.js';
import { compileBadges } from './badge-rules.js';
import { badgesRepository } from './badges.repository.js';

// A workflow's badges for its page header. A workflow changed since the last refresh is evaluated
// here first, so the person who just answered sees the badge their answer earned at once; the list
// catches up with the next refresh (badge-jobs.ts).
export function workflowBadges(ctx: UserContext, workflowId: number): Promise<BadgeChip[]> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const id = String(workflowId);
    if (!(await workflowAccess(tx, ctx.auth.user.id, id))) throw new NotFoundError();
    if (await awards.claimOne(tx, id)) await refreshNow(tx, ctx.tenant.id, [id]);
    return (await awards.chipsOf(tx, [id], readerLocale(ctx))).get(id) ?? [];
  });
}

// The chips of a page of workflows another module lists (the dashboard list, the task rows).
export async function badgeChipsOf(
  tx: Tx,
  workflowIds: readonly string[],
  locale: string,
): Promise<Map<string, BadgeChip[]>> {
  return awards.chipsOf(tx, workflowIds, locale);
}

async function refreshNow(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  const badges = await compileBadges(tx, tenantId, await badgesRepository.live(tx), new Date());
  await awards.award(tx, ids, badges);
}
