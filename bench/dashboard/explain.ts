import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from '../../apps/server/src/db/schema.js';

// `bench:dashboard -- --explain`: the API runs on a pool whose queries are recorded, each case is
// requested once, and its slowest query is run again under EXPLAIN (ANALYZE, BUFFERS) as the
// application role in the tenant (row-level security included), the plan printed.

type Recorded = { sql: string; parameters: readonly unknown[]; ms: number };

// The API's pool (20 connections, as openDatabase makes it) with a statement timeout, so that a
// runaway plan fails its requests (counted as errors) instead of holding the machine for minutes.
export function recordingDb(appUrl: string, statementTimeoutMs: number) {
  const recorded: Recorded[] = [];
  let on = false;
  const pool = new pg.Pool({
    connectionString: appUrl,
    max: 20,
    options: `-c statement_timeout=${statementTimeoutMs}`,
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    log: (event) => {
      if (on && event.level === 'query') {
        recorded.push({
          sql: event.query.sql,
          parameters: event.query.parameters,
          ms: event.queryDurationMillis,
        });
      }
    },
  });
  return {
    db,
    async record<T>(work: () => Promise<T>): Promise<Recorded[]> {
      recorded.length = 0;
      on = true;
      try {
        await work();
      } finally {
        on = false;
      }
      return [...recorded].filter((q) => !q.sql.startsWith('select set_config')).sort((a, b) => b.ms - a.ms);
    },
    close: () => db.destroy(),
  };
}

export async function explainAnalyze(appUrl: string, tenantId: string, query: Recorded): Promise<string> {
  const client = new pg.Client({ connectionString: appUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, [
      ...query.parameters,
    ]);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    await client.end();
  }
}
