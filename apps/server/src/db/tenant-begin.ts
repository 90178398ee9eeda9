import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type TransactionSettings,
} from 'kysely';

// Every tenant transaction starts with `begin`, then `select set_config('app.tenant_id', ...)`:
// two round trips (issue 17). A withTenant call hands its tenant to the driver through this
// store, and the driver begins its transaction with both in one simple query, the tenant id
// inlined only when it is all digits (ids are bigints). Taken once: by the first transaction the
// call begins; any other (another database's, a tenant id not all digits, isolation settings)
// begins as Kysely does, and withTenant then sets the tenant with its own statement.
export type TenantBegin = { tenantId: string; claimed: boolean; set: boolean };

const pending = new AsyncLocalStorage<TenantBegin>();

export function withTenantBegin<T>(tenantId: string, run: (begin: TenantBegin) => Promise<T>): Promise<T> {
  const begin: TenantBegin = { tenantId, claimed: false, set: false };
  return pending.run(begin, () => run(begin));
}

const TENANT_ID = /^[0-9]{1,19}$/;

class TenantBeginDriver implements Driver {
  readonly #inner: Driver;
  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init = () => this.#inner.init();
  acquireConnection = () => this.#inner.acquireConnection();
  commitTransaction = (c: DatabaseConnection) => this.#inner.commitTransaction(c);
  rollbackTransaction = (c: DatabaseConnection) => this.#inner.rollbackTransaction(c);
  releaseConnection = (c: DatabaseConnection) => this.#inner.releaseConnection(c);
  destroy = () => this.#inner.destroy();
  savepoint: Driver['savepoint'] = (c, name, compile) =>
    this.#inner.savepoint?.(c, name, compile) as Promise<void>;
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (c, name, compile) =>
    this.#inner.rollbackToSavepoint?.(c, name, compile) as Promise<void>;
  releaseSavepoint: Driver['releaseSavepoint'] = (c, name, compile) =>
    this.#inner.releaseSavepoint?.(c, name, compile) as Promise<void>;

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = pending.getStore();
    const plain = !settings.isolationLevel && !settings.accessMode;
    if (!begin || begin.claimed || !plain || !TENANT_ID.test(begin.tenantId)) {
      return this.#inner.beginTransaction(connection, settings);
    }
    begin.claimed = true;
    // No parameters: pg sends it as one simple query, both statements in one round trip.
    const query = `begin; select set_config('app.tenant_id', '${begin.tenantId}', true)`;
    try {
      await connection.executeQuery(CompiledQuery.raw(query));
    } catch (error) {
      // Kysely rolls back only a transaction whose begin succeeded: never return the connection
      // to the pool inside this one.
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw error;
    }
    begin.set = true;
  }
}

// A PostgreSQL dialect whose tenant transactions begin in one round trip.
export function tenantBeginDialect(inner: Dialect): Dialect {
  return {
    createDriver: () => new TenantBeginDriver(inner.createDriver()),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
  };
}
