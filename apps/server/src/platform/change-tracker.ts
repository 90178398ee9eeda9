import { afterCommit, type Tx, tenantOfTransaction } from './tenant-transaction.js';

// For a per-process cache of something a tenant rarely changes: an entry remembers the version it
// was loaded at and is stale once its tenant changed later, including while it was being loaded. A
// change is marked when it is written and again once it has committed, so a request that read the
// old rows meanwhile cannot keep them cached. Changes in other processes are not seen: such caches
// also expire after a few seconds.
export type ChangeTracker = {
  version(): number;
  unchangedSince(tenantId: string, loadedAt: number): boolean;
  // undefined: a change whose tenant is unknown stales every tenant's entries.
  changed(tenantId: string | undefined): void;
  changedIn(tx: Tx): void;
};

export function createChangeTracker(): ChangeTracker {
  let version = 0;
  let everyTenantChangedAt = 0;
  const tenantChangedAt = new Map<string, number>();
  const changed = (tenantId: string | undefined) => {
    version += 1;
    if (tenantId === undefined) everyTenantChangedAt = version;
    else tenantChangedAt.set(tenantId, version);
  };
  return {
    version: () => version,
    unchangedSince: (tenantId, loadedAt) =>
      loadedAt >= everyTenantChangedAt && loadedAt >= (tenantChangedAt.get(tenantId) ?? 0),
    changed,
    changedIn(tx) {
      const tenantId = tenantOfTransaction(tx);
      changed(tenantId);
      afterCommit(tx, () => changed(tenantId));
    },
  };
}
