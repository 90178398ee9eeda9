import type PgBoss from 'pg-boss';
import { createPool } from '../../db/database.js';

export type JobQueueDb = { db: PgBoss.Db; close: () => Promise<void> };

// pg-boss's connections, handed to it through its `db` option: from our createPool, so every
// client's error is handled, and with each query's failure marked as handled. pg-boss 10 does not
// await the complete() or fail() it sends after a job's handler, and while PostgreSQL restarts
// that rejection would end the process. Callers that await still get the error; a lost complete
// leaves the job active until its lease or expiry hands it out again.
export function createJobQueueDb(connectionString: string, log: (error: Error) => void): JobQueueDb {
  const pool = createPool({ connectionString, max: 4, applicationName: 'pgboss', onPoolError: log });
  return {
    db: {
      executeSql: (text, values) => {
        const result = pool.query(text, values);
        result.catch(() => {});
        return result;
      },
    },
    close: () => pool.end(),
  };
}
