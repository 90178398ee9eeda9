import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { PreparingClient } from './prepared-statements.js';
import type { Database } from './schema.js';
import { tenantBeginDialect } from './tenant-begin.js';

export type Db = Kysely<Database>;

// bigint and numeric come back as strings (no precision loss); ids are converted at the API edge.
export function createDb(options: {
  connectionString: string;
  max?: number;
  acquireTimeoutMs?: number;
  onPoolError: (error: Error) => void;
}): Db {
  const pool = createPool({ ...options, max: options.max ?? 10 });
  // The cursor lets a query stream its rows (exports) rather than hold them all in memory.
  const db = new Kysely<Database>({
    dialect: tenantBeginDialect(new PostgresDialect({ pool, cursor: Cursor })),
  });
  pools.set(db, pool);
  return db;
}

// Every pool of the process comes from here, so that no client's error can go unhandled.
export function createPool(options: {
  connectionString: string;
  max: number;
  applicationName?: string;
  // How long a query may wait for a free connection. Requests never do (platform/admission admits
  // no more of them than the pool holds); this bounds the wait of job workers and scripts.
  acquireTimeoutMs?: number;
  onPoolError: (error: Error) => void;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    application_name: options.applicationName,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    // Statements marked PREPARED are planned once per connection (prepared-statements.ts).
    Client: PreparingClient,
  });
  // Without a listener, an idle client's error (e.g. Postgres restarting) would crash the process.
  pool.on('error', options.onPoolError);
  // The pool listens only to idle clients. A checked-out one (a transaction between two queries, or
  // a failed query awaiting its rollback) whose server goes away (57P01 on `pg_ctl stop -m fast`,
  // then the socket's end) emits 'error' with nobody listening, which kills the process. Its query,
  // or the next one, fails anyway (the request answers 503) and the pool then discards it, so this
  // listener, attached for the client's whole life, only has to keep the error from being unhandled.
  pool.on('connect', (client) => {
    client.on('error', ignoreCheckedOutError);
  });
  return pool;
}

const pools = new WeakMap<Db, pg.Pool>();

// Connections in use and queries waiting for one, for benchmarks (bench/overload.ts): with the
// admission lanes sized to the pool, `waiting` stays 0 under any load of requests.
export function poolStats(db: Db): { total: number; idle: number; waiting: number } {
  const pool = pools.get(db);
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
}

// Idle clients' errors reach onPoolError through the pool; a checked-out client's error reaches
// the code using it, as its query's rejection.
function ignoreCheckedOutError(): void {}

// pg-pool's end() resolves before its idle clients have finished closing; waiting for each one's
// 'remove' means stopping PostgreSQL right afterwards never cuts a connection mid-goodbye.
export async function closeDb(db: Db): Promise<void> {
  const pool = pools.get(db);
  let open = pool?.totalCount ?? 0;
  const drained = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool?.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await db.destroy();
  await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
}

export function appRoleUrl(adminUrl: string, role: string, password: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}
