import { createChangeTracker } from '../change-tracker.js';
import type { Tx } from '../tenant-transaction.js';

// Who may do what in a tenant (sessions, users, groups, permissions, access, session rules) is cached
// per process for a few seconds (session-cache.ts). A change in this process forgets the tenant's
// cached sessions at once; other processes see it when their entries expire (SESSION_CACHE_TTL_MS).
export const authChanges = createChangeTracker();

// For a repository that changes who may do what.
export function authChangedIn(tx: Tx): void {
  authChanges.changedIn(tx);
}
