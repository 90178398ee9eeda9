import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { withTenantBegin } from '../db/tenant-begin.js';

export type Tx = Transaction<Database>;

// The tenant a transaction was last set to, and what must run once it has committed.
const tenantOfTransactions = new WeakMap<Tx, string>();
const commitHooks = new WeakMap<Tx, (() => void)[]>();

// Every tenant query runs in a transaction that first sets app.tenant_id. The setting is
// transaction-local, so a pooled connection never carries one tenant's id into the next request.
export async function withTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  // Begun with the tenant set in one round trip where the database's driver can (db/tenant-begin.ts).
  const result = await withTenantBegin(tenantId, (begin) =>
    db.transaction().execute(async (tx) => {
      commitHooks.set(tx, hooks);
      begin.claimed = true; // never by a transaction begun inside work
      if (begin.set) tenantOfTransactions.set(tx, tenantId);
      else await useTenant(tx, tenantId);
      return work(tx);
    }),
  );
  for (const hook of hooks) hook();
  return result;
}

// Within a transaction that spans tenants (the job lease sweeper's), the tenant of what comes next.
export async function useTenant(tx: Tx, tenantId: string): Promise<void> {
  tenantOfTransactions.set(tx, tenantId);
  await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
}

// The tenant the transaction's queries run as; undefined for one that never set it.
export function tenantOfTransaction(tx: Tx): string | undefined {
  return tenantOfTransactions.get(tx);
}

// Work that must see the transaction's changes committed (a cache to forget): run after withTenant
// commits, never after a rollback; at once for a transaction withTenant did not open.
export function afterCommit(tx: Tx, hook: () => void): void {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(hook);
  else hook();
}
