import { afterCommit, type Tx, tenantOfTransaction } from '../tenant-transaction.js';

// Who may do what in a tenant (sessions, users, groups, permissions, access, session rules) is cached
// per process for a few seconds (session-cache.ts). A change in this process forgets the tenant's
// cached sessions at once; other processes see it when their entries expire (SESSION_CACHE_TTL_MS).
// A version counter rather than a scan: an entry remembers the version it was loaded at and is
// stale once its tenant changed later, including while it was being loaded.

let version = 0;
let everyTenantChangedAt = 0;
const tenantChangedAt = new Map<string, number>();

export function authVersion(): number {
  return version;
}

export function authUnchangedSince(tenantId: string, loadedAt: number): boolean {
  return loadedAt >= everyTenantChangedAt && loadedAt >= (tenantChangedAt.get(tenantId) ?? 0);
}

// undefined: a change whose tenant is unknown forgets every tenant's sessions.
export function authChanged(tenantId: string | undefined): void {
  version += 1;
  if (tenantId === undefined) everyTenantChangedAt = version;
  else tenantChangedAt.set(tenantId, version);
}

// For a repository that changes who may do what: forgotten now, and again once the change has
// committed, so a request that read the old rows meanwhile cannot keep them cached.
export function authChangedIn(tx: Tx): void {
  const tenantId = tenantOfTransaction(tx);
  authChanged(tenantId);
  afterCommit(tx, () => authChanged(tenantId));
}
