import type { AuthState } from '../request-context.js';
import { authChanges } from './auth-changes.js';

// A live session as read from the database, with the time until which it may be served from memory
// without changing what the database would answer: before it expires, before the idle timeout,
// and before it is due to be touched again (session-hook.ts), so both stay exact to the minute.
export type LoadedSession = { auth: AuthState; cacheableUntil: number };

export type SessionCache = {
  find(
    tenantId: string,
    tokenHash: Buffer,
    load: () => Promise<LoadedSession | null>,
  ): Promise<AuthState | null>;
};

type Entry = { auth: AuthState; loadedAt: number; freshUntil: number };

// Every request reads its session, permissions and the tenant's session rules: each process keeps
// the live ones for ttlMs (0: off), the least recently used dropped past maxEntries. A change in
// this process forgets its tenant's entries at once (auth-changes.ts); other processes serve an
// entry at most ttlMs after the change. Unknown tokens are never cached.
export function createSessionCache(ttlMs: number, maxEntries = 10_000): SessionCache {
  const entries = new Map<string, Entry>();
  return {
    async find(tenantId, tokenHash, load) {
      const key = `${tenantId}:${tokenHash.toString('base64')}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        if (hit.freshUntil > Date.now() && authChanges.unchangedSince(tenantId, hit.loadedAt)) {
          entries.set(key, hit);
          return hit.auth;
        }
      }
      const loadedAt = authChanges.version();
      const loaded = await load();
      if (!loaded) return null;
      const freshUntil = Math.min(Date.now() + ttlMs, loaded.cacheableUntil);
      if (ttlMs > 0 && freshUntil > Date.now()) {
        entries.set(key, { auth: loaded.auth, loadedAt, freshUntil });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return loaded.auth;
    },
  };
}
