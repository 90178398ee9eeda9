import { createHash } from 'node:crypto';
import type { CappedCount, MatchQuery } from './capped-count.repository.js';

// A list count that is an estimate (the planner's, above the exact limit) is kept per process for
// COUNT_ESTIMATE_TTL_MS, so a list paged or refreshed repeatedly does not ask the planner each
// time (issue 17). Keyed by the tenant, the limit and the estimate's own query: the decoded
// filter and the viewer's visibility as the planner reads it (their grants as lists), parameters
// included. Exact counts are never kept: whoever just created a workflow sees it counted.
export const COUNT_ESTIMATE_TTL_MS = 5_000;
const MAX_ESTIMATES = 2_000;

const estimates = new Map<string, { count: number; expiresAt: number }>();

export function estimateKey(tenantId: string, exactLimit: number, query: MatchQuery): string {
  const { sql, parameters } = query.compile();
  const params = JSON.stringify(parameters, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
  const digest = createHash('sha256').update(sql).update('\0').update(params).digest('base64');
  return `${tenantId}:${exactLimit}:${digest}`;
}

export function recentEstimate(key: string): CappedCount | undefined {
  const hit = estimates.get(key);
  if (!hit) return undefined;
  estimates.delete(key);
  if (hit.expiresAt <= Date.now()) return undefined;
  estimates.set(key, hit);
  return { count: hit.count, estimate: true };
}

// Remembers an estimate; an exact count is not remembered.
export function rememberEstimate(key: string, count: CappedCount): void {
  if (!count.estimate) return;
  estimates.delete(key);
  estimates.set(key, { count: count.count, expiresAt: Date.now() + COUNT_ESTIMATE_TTL_MS });
  if (estimates.size > MAX_ESTIMATES) estimates.delete(estimates.keys().next().value as string);
}

// The planner's estimate behind an exact count, kept alike: within COUNT_ESTIMATE_TTL_MS the same
// count is made again at once, without asking the planner whether to (issue 17: the kind + business
// unit + quarter list, 8,167 exact, made 6 statements a request, its EXPLAIN one of them). The count
// itself is made every time, so it stays exact; above the limit it is the kept estimate or the limit.
const plans = new Map<string, { planned: number; expiresAt: number }>();

export function recentPlan(key: string): number | undefined {
  const hit = plans.get(key);
  if (!hit) return undefined;
  plans.delete(key);
  if (hit.expiresAt <= Date.now()) return undefined;
  plans.set(key, hit);
  return hit.planned;
}

export function rememberPlan(key: string, planned: number): void {
  plans.delete(key);
  plans.set(key, { planned, expiresAt: Date.now() + COUNT_ESTIMATE_TTL_MS });
  if (plans.size > MAX_ESTIMATES) plans.delete(plans.keys().next().value as string);
}
