import type { Tx } from '../../platform/tenant-transaction.js';
import { planEstimates } from '../workflow-list/index.js';
import { recordListRepository } from './record-list.repository.js';

// The factor that takes the tenant policy out of the planner's record estimates (migration 0039):
// the type's live records as the owner's planner sees them over the app's estimate of the same rows.
// 1 with one tenant holding records; n with n of them. Kept per process for a minute per type: it
// moves with ANALYZE, not with each write.
export const POLICY_FACTOR_TTL_MS = 60_000;
const MAX_FACTORS = 2_000;
const factors = new Map<string, { factor: number; expiresAt: number }>();

export async function policyFactor(tx: Tx, tenantId: string, typeId: string): Promise<number> {
  const key = `${tenantId}:${typeId}`;
  const hit = factors.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.factor;
  const [unpoliced, [policed]] = await Promise.all([
    recordListRepository.typeRowsUnpoliced(tx, typeId),
    planEstimates(tx, [{ matches: recordListRepository.typeRows(tx, typeId) }]),
  ]);
  // Never below 1: the policy only ever removes rows from an estimate.
  const factor =
    unpoliced !== null && policed !== undefined && policed > 0 ? Math.max(1, unpoliced / policed) : 1;
  factors.delete(key);
  factors.set(key, { factor, expiresAt: Date.now() + POLICY_FACTOR_TTL_MS });
  if (factors.size > MAX_FACTORS) factors.delete(factors.keys().next().value as string);
  return factor;
}
