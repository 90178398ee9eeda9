import { type BadgeChip, type BadgeIcon, localized } from '@attest/shared';
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

// Issue 19: the live badges as the list's badge filter offers them (label in the reader's language,
// colour, icon), to anyone signed in: a person who sees workflows may filter them by what they hold.
// At most MAX_BADGE_DEFINITIONS live ones, so one answer, in label order.
export function badgeChoices(ctx: UserContext): Promise<BadgeChip[]> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const locale = readerLocale(ctx);
    const collator = new Intl.Collator(locale);
    return (await badgesRepository.live(tx))
      .map((row) => ({
        tag: row.tag,
        label: localized(row.label, row.label_translations, locale),
        colour: row.colour,
        icon: row.icon as BadgeIcon,
      }))
      .sort((a, b) => collator.compare(a.label, b.label) || a.tag.localeCompare(b.tag));
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
