import type { Tx } from '../../platform/tenant-transaction.js';
import { recordListRepository } from './record-list.repository.js';

// How common a title search's phrase is among a type's records (record_title_share, migration
// 0038), kept per process for a minute: it moves with the data slowly and only chooses how the list
// reads (results are the same either way) or estimates a count above the exact limit.
export type TitleShare = { common: boolean; typeShare: number | null };

export const TITLE_SHARE_TTL_MS = 60_000;
const MAX_SHARES = 2_000;
const shares = new Map<string, { share: TitleShare; expiresAt: number }>();

export async function titleShare(tx: Tx, tenantId: string, typeId: string, q: string): Promise<TitleShare> {
  const phrase = q.toLowerCase();
  const key = `${tenantId}:${typeId}:${phrase}`;
  const hit = shares.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.share;
  const share = await recordListRepository.titleShare(tx, phrase, typeId);
  shares.delete(key);
  shares.set(key, { share, expiresAt: Date.now() + TITLE_SHARE_TTL_MS });
  if (shares.size > MAX_SHARES) shares.delete(shares.keys().next().value as string);
  return share;
}
