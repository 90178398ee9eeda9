import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/database.js';
import { isDatabaseUnavailable } from '../database-errors.js';
import { NotFoundError } from '../errors.js';
import { type Tx, useTenant } from '../tenant-transaction.js';
import type { ReplicaLag } from './replica-lag.js';

// A process's replica: the application role's pool on it, and its measured lag.
export type ReadReplica = { db: Db; lag: ReplicaLag };

// The replica belongs to the primary pool it mirrors, so that every service already given that
// pool reads through withTenantReadOnly without another dependency (as database.ts keeps pools).
const replicas = new WeakMap<Db, ReadReplica>();

export function attachReadReplica(primary: Db, replica: ReadReplica): void {
  replicas.set(primary, replica);
}

export function detachReadReplica(primary: Db): void {
  replicas.delete(primary);
}

export function readReplicaOf(primary: Db): ReadReplica | undefined {
  return replicas.get(primary);
}

// Read-your-own-writes: work run inside readingPrimary (a request that writes, or comes from a
// browser that wrote within the lag bound: read-your-writes.ts) never reads the replica.
const primaryReads = new AsyncLocalStorage<true>();

export function readingPrimary<T>(work: () => T): T {
  return primaryReads.run(true, work);
}

// 40001 and 40P01: a query the standby cancelled for a conflict with recovery; 57P04: its
// database dropped. The primary has no such conflict, so the read is tried there once.
const RECOVERY_CONFLICTS = new Set(['40001', '40P01', '57P04']);

function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isDatabaseUnavailable(error) || (typeof code === 'string' && RECOVERY_CONFLICTS.has(code));
}

function readOnly<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (tx) => {
      await useTenant(tx, tenantId);
      return work(tx);
    });
}

// A read on the replica failed as if the replica were gone, for work that cannot simply run again
// (an export already writing its file): the caller starts over, and the primary answers then.
export class ReplicaGoneError extends Error {
  constructor(cause: unknown) {
    super('The read replica failed mid-read', { cause });
    this.name = 'ReplicaGoneError';
  }
}

// Read-only tenant work (reports, export rows, list counts): on the replica when one is attached to
// `db`, fresh within DATABASE_REPLICA_MAX_LAG_MS and not bypassed by readingPrimary; otherwise on
// `db` itself. Always a `read only` transaction with app.tenant_id set, so work that writes fails
// in every test, with or without a replica. A replica that fails mid-read (gone, restarting,
// recovery conflict) costs no failed request: the work runs again once on the primary, so it must
// have no effect outside its transaction until it returns. Work with such effects passes
// retryOnPrimary: false and gets a ReplicaGoneError to start over from.
export async function withTenantReadOnly<T>(
  db: Db,
  tenantId: string,
  work: (tx: Tx) => Promise<T>,
  options: { retryOnPrimary?: boolean } = {},
): Promise<T> {
  const replica = replicas.get(db);
  if (replica && !primaryReads.getStore() && (await replica.lag.usable())) {
    try {
      return await readOnly(replica.db, tenantId, work);
    } catch (error) {
      // Something the replica does not hold yet (a report made a moment ago by someone else) is
      // looked for on the primary before the request answers 404.
      if (error instanceof NotFoundError && options.retryOnPrimary !== false) {
        return readOnly(db, tenantId, work);
      }
      if (!isReplicaFailure(error)) throw error;
      if (isDatabaseUnavailable(error)) replica.lag.markDown();
      if (options.retryOnPrimary === false) throw new ReplicaGoneError(error);
    }
  }
  return readOnly(db, tenantId, work);
}

// One read-only part of work that otherwise runs in `tx` on the primary (the list's count beside its
// page): on the replica, in its own transaction and in parallel, when one is usable now; otherwise
// in `tx` itself, so that without a replica it costs no extra transaction. A replica that fails runs
// it in `tx` instead, a record it lacks too.
export async function onReplicaOr<T>(
  db: Db,
  tx: Tx,
  tenantId: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const replica = replicas.get(db);
  if (replica && !primaryReads.getStore() && (await replica.lag.usable())) {
    try {
      return await readOnly(replica.db, tenantId, work);
    } catch (error) {
      if (!(error instanceof NotFoundError) && !isReplicaFailure(error)) throw error;
      if (isDatabaseUnavailable(error)) replica.lag.markDown();
    }
  }
  return work(tx);
}
