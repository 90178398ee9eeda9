import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function appRoleUrl(adminUrl: string, role: string, password: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}
