import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

export type Tx = Transaction<Database>;

// Every tenant query runs in a transaction that first sets app.tenant_id. The setting is
// transaction-local, so a pooled connection never carries one tenant's id into the next request.
export function withTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
    return work(tx);
  });
}
