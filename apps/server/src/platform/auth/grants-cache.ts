import { authChanges } from './auth-changes.js';

// What a list request reads about the viewer besides the session (issue 17): their region and
// business-unit grants, for the count's estimate. Each process keeps them per tenant and user for
// ttlMs (by default the sessions' TTL), forgotten with the session cache: at once when access
// changes through this process (authChanges, which user-access.repository.ts marks), within the
// TTL for another process's change.
export type GrantsCache<T> = {
  find(tenantId: string, userId: string, load: () => Promise<T>): Promise<T>;
};

// The sessions' TTL (SESSION_CACHE_TTL_MS, set when the app registers its sessions; 0 in tests
// that change grants behind the API's back): a change in another process shows within it.
let sessionTtlMs = 5_000;
export function setGrantsCacheTtl(ttlMs: number): void {
  sessionTtlMs = ttlMs;
}

type Entry<T> = { value: T; loadedAt: number; freshUntil: number };

export function createGrantsCache<T>(ttlMs?: number, maxEntries = 10_000): GrantsCache<T> {
  const entries = new Map<string, Entry<T>>();
  return {
    async find(tenantId, userId, load) {
      const key = `${tenantId}:${userId}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        if (hit.freshUntil > Date.now() && authChanges.unchangedSince(tenantId, hit.loadedAt)) {
          entries.set(key, hit);
          return hit.value;
        }
      }
      // The version before the read: a change committed while it runs leaves the entry stale.
      const loadedAt = authChanges.version();
      const value = await load();
      const ttl = ttlMs ?? sessionTtlMs;
      if (ttl > 0) {
        entries.set(key, { value, loadedAt, freshUntil: Date.now() + ttl });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
  };
}
