import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

export type Tx = Transaction<Database>;

// Every tenant query runs in a transaction that first sets app.tenant_id. The setting is
// transaction-local, so a pooled connection never carries one tenant's id into the next request.
export function withTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await useTenant(tx, tenantId);
    return work(tx);
  });
}

// Within a transaction that spans tenants (the job lease sweeper's), the tenant of what comes next.
export async function useTenant(tx: Tx, tenantId: string): Promise<void> {
  await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
}
