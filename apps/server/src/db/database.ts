import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

// bigint and numeric come back as strings (no precision loss); ids are converted at the API edge.
export function createDb(options: {
  connectionString: string;
  max?: number;
  onPoolError: (error: Error) => void;
}): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener, an idle client's error (e.g. Postgres restarting) would crash the process.
  pool.on('error', options.onPoolError);
  // The cursor lets a query stream its rows (exports) rather than hold them all in memory.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();

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
