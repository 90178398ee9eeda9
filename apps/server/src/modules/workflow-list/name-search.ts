import { COUNT_EXACT_LIMIT, SEARCH_MIN_WORD_LENGTH } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { type CappedCount, ESTIMATE_TRUSTED_ABOVE, planEstimates } from './capped-count.repository.js';
import { visibleForEstimate } from './counts.repository.js';

// How the list reads its name search (q, spec 1 §7; issue 17). Both forms give the same rows:
// - 'index': the names from search_workflow_names (migration 0026, the trigram index), every match,
//   then probed and sorted: the cost follows the number of matches, right for a rare phrase;
// - 'walk': `lower(w.name) like` tested on the rows met along the list's own order (newest first by
//   its index), so a page reads about its rows divided by the phrase's share: right for a common one.
export type NameForm = 'index' | 'walk';

export type NameShare = { common: boolean; tenantShare: number | null };

// A page walks when it expects to read at most this many rows to fill itself.
export const NAME_WALK_MAX_ROWS = 20_000;
// How long a phrase's share is kept per process: it moves with the data slowly, and only chooses
// the reading or estimates a count above the exact limit.
export const NAME_SHARE_TTL_MS = 60_000;
const MAX_SHARES = 2_000;
const shares = new Map<string, { share: NameShare; expiresAt: number }>();

// workflow_name_share (migration 0032): whether the phrase is common, and the tenant's own share of
// names holding it (sampled; null when not common or the tenant too small to sample).
export async function nameShare(tx: Tx, tenantId: string, phrase: string): Promise<NameShare> {
  const key = `${tenantId}:${phrase}`;
  const hit = shares.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.share;
  const { rows } = await sql<{
    common: boolean;
    tenant_share: number | null;
  }>`select common, tenant_share from workflow_name_share(${phrase})`.execute(tx);
  const share = { common: rows[0]?.common ?? false, tenantShare: rows[0]?.tenant_share ?? null };
  shares.delete(key);
  shares.set(key, { share, expiresAt: Date.now() + NAME_SHARE_TTL_MS });
  if (shares.size > MAX_SHARES) shares.delete(shares.keys().next().value as string);
  return share;
}

export function nameSearchPhrase(q: string | undefined): string | null {
  if (!q) return null;
  const phrase = q.toLowerCase();
  return phrase.length >= SEARCH_MIN_WORD_LENGTH ? phrase : null;
}

// The page's form: a walk when the tenant's share says a page fills within NAME_WALK_MAX_ROWS rows.
export function pageNameForm(share: NameShare, page: { limit: number; offset: number }): NameForm {
  if (!share.common || share.tenantShare === null || share.tenantShare <= 0) return 'index';
  return (page.offset + page.limit) / share.tenantShare <= NAME_WALK_MAX_ROWS ? 'walk' : 'index';
}

// The count of a common phrase, when it is far above the exact limit: the planner's estimate of the
// list's other filters (visibility as lists, as the count rule) times the tenant's share of the
// phrase, taken as independent of them. Undefined when it is not (the count rule then counts the
// 'index' form exactly, up to the limit).
export async function estimatedNameCount(
  tx: Tx,
  scope: { tenantId: string; userId: string; whereWithoutName: RawBuilder<SqlBool> },
  share: NameShare,
  exactLimit = COUNT_EXACT_LIMIT,
): Promise<CappedCount | undefined> {
  if (!share.common || share.tenantShare === null) return undefined;
  const visible = await visibleForEstimate(tx, scope.userId);
  const estimate = tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', scope.tenantId)
    .where(scope.whereWithoutName)
    .where(visible)
    .select(sql`1`.as('one'));
  const [planned] = await planEstimates(tx, [{ matches: estimate }]);
  const count = Math.round((planned ?? 0) * share.tenantShare);
  if (count <= ESTIMATE_TRUSTED_ABOVE * exactLimit) return undefined;
  return { count, estimate: true };
}

// Tests: a share as if workflow_name_share had answered it (a test database is too small for a
// common phrase).
export function rememberNameShare(tenantId: string, phrase: string, share: NameShare): void {
  shares.set(`${tenantId}:${phrase}`, { share, expiresAt: Date.now() + NAME_SHARE_TTL_MS });
}

// Every match of a rare phrase in the tenant (search_workflow_names, migration 0026), as ids.
export async function nameMatchIds(tx: Tx, phrase: string): Promise<string[]> {
  const { rows } = await sql<{
    ids: string[];
  }>`select array(select search_workflow_names(${phrase}))::text[] as ids`.execute(tx);
  return rows[0]?.ids ?? [];
}
