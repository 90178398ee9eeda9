import pg from 'pg';
import { REPORT_WORK_MEM } from '../../apps/server/src/modules/reports/engine/report-data.repository.js';

// A report's compiled query under EXPLAIN (ANALYZE, BUFFERS), as the application role in the tenant
// (row-level security included) and with the settings runReport gives its own transaction.
export async function explainReport(
  appUrl: string,
  tenantId: string,
  query: { sql: string; parameters: readonly unknown[] },
): Promise<string> {
  const client = new pg.Client({ connectionString: appUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    await client.query(`select set_config('work_mem', $1, true)`, [REPORT_WORK_MEM]);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, [
      ...query.parameters,
    ]);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    await client.end();
  }
}
