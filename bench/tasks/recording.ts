import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from '../../apps/server/src/db/schema.js';
import { tenantBeginDialect } from '../../apps/server/src/db/tenant-begin.js';

// The API's pool (20 connections, as openDatabase makes it, with a statement timeout so a runaway
// plan fails its requests instead of holding the machine), its queries recorded on demand: how many
// one request makes, and the slowest one run again under EXPLAIN ANALYZE as the application role.
// Unlike the dashboard bench's recorder it keeps the settings a request makes (set_config, SET
// LOCAL), because the explain must replay them: a search path that sets more than the tenant would
// otherwise be planned under other rules than the API's.

export type Recorded = { sql: string; parameters: readonly unknown[]; ms: number };
export type Recording = { queries: Recorded[]; settings: Recorded[] };

// The tenant's set_config, alone or sent with the transaction's begin (db/tenant-begin.ts).
const isSetting = (sql: string) => /^\s*(begin; )?(select set_config|set )/i.test(sql);

export function recordingDb(appUrl: string, statementTimeoutMs: number) {
  const recorded: Recorded[] = [];
  let on = false;
  const pool = new pg.Pool({
    connectionString: appUrl,
    max: 20,
    options: `-c statement_timeout=${statementTimeoutMs}`,
  });
  const db = new Kysely<Database>({
    // As the API's own databases (createDb): tenant transactions begin with their tenant set.
    dialect: tenantBeginDialect(new PostgresDialect({ pool, cursor: Cursor })),
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
    async record(work: () => Promise<unknown>): Promise<Recording> {
      recorded.length = 0;
      on = true;
      try {
        await work();
      } finally {
        on = false;
      }
      return {
        queries: recorded.filter((q) => !isSetting(q.sql)).sort((a, b) => b.ms - a.ms),
        settings: recorded.filter((q) => isSetting(q.sql)),
      };
    },
    close: () => db.destroy(),
  };
}

// EXPLAIN (ANALYZE, BUFFERS) of one recorded query as the application role, in a transaction that
// first replays the request's settings (app.tenant_id and whatever else it set), row-level security
// included; rolled back.
export async function explainAsApp(appUrl: string, recording: Recording, query: Recorded): Promise<string> {
  const client = new pg.Client({ connectionString: appUrl });
  await client.connect();
  try {
    await client.query('begin');
    for (const s of recording.settings)
      await client.query(s.sql.replace(/^\s*begin;\s*/i, ''), [...s.parameters]);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, [
      ...query.parameters,
    ]);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    await client.end();
  }
}
