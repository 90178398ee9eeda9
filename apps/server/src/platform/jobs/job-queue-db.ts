import type PgBoss from 'pg-boss';
import { createPool } from '../../db/database.js';

export type JobQueueDb = { db: PgBoss.Db; close: () => Promise<void> };

// pg-boss's connections, handed to it through its `db` option: from our createPool, so every
// client's error is handled, checked out or idle, and a PostgreSQL restart never emits an 'error'
// nobody listens to. (pg-boss's own unawaited complete() and fail() are covered by the process's
// policy for lost connections: platform/process-faults.ts.)
export function createJobQueueDb(connectionString: string, log: (error: Error) => void): JobQueueDb {
  const pool = createPool({ connectionString, max: 4, applicationName: 'pgboss', onPoolError: log });
  return {
    db: { executeSql: (text, values) => pool.query(text, values) },
    close: () => pool.end(),
  };
}
