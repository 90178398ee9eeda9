import type pg from 'pg';

// The report rollups (migration 0029) are kept by statement triggers that fire even in replica mode
// (ENABLE ALWAYS). A copy of 25,000 workflows and 400,000 answers per statement, into tables whose
// secondary indexes are set aside, is far past what those triggers are written for: the first chunk
// ran for half an hour. So, like the indexes, they are set aside for the copy and the rollups are
// rebuilt once afterwards by the migration's own backfill. A trigger found disabled when the seed
// starts means a run stopped halfway: setRollupsBack puts them back and rebuilds.

const ROLLUP_TRIGGERS = `select c.relname as table, t.tgname as trigger, t.tgenabled as enabled
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
  where not t.tgisinternal and t.tgname like '%report_rollup%'`;

export async function setRollupsAside(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ table: string; trigger: string }>(ROLLUP_TRIGGERS);
  for (const { table, trigger } of rows) {
    await client.query(
      `alter table ${client.escapeIdentifier(table)} disable trigger ${client.escapeIdentifier(trigger)}`,
    );
  }
}

// Back to ENABLE ALWAYS and every tenant's rollups rebuilt from its rows, when any trigger was set
// aside. Returns whether it rebuilt.
export async function setRollupsBack(client: pg.Client, log: (message: string) => void): Promise<boolean> {
  const { rows } = await client.query<{ table: string; trigger: string; enabled: string }>(ROLLUP_TRIGGERS);
  const aside = rows.filter((row) => row.enabled !== 'A');
  if (aside.length === 0) return false;
  const started = performance.now();
  await client.query('begin');
  try {
    for (const { table, trigger } of aside) {
      await client.query(
        `alter table ${client.escapeIdentifier(table)} enable always trigger ${client.escapeIdentifier(trigger)}`,
      );
    }
    await client.query('truncate report_workflow_counts, report_answer_rollups, report_cycle_rollups');
    // 0029's backfill: one pass per rollup, hash joins only, memory enough for the groupings.
    await client.query(`
      do $do$
      declare
        ws constant text := 'select tenant_id, id, kind_id, status_id, region_id, business_unit_id, '
          || 'test_environment, created_at, 1 as sign from workflows where archived_at is null';
      begin
        perform set_config('work_mem', '256MB', true);
        perform set_config('enable_nestloop', 'off', true);
        execute report_counts_sql(ws);
        execute report_answer_rollup_sql(ws, null, true);
        execute report_cycle_rollup_sql(ws, null);
      end
      $do$`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  for (const table of ['report_workflow_counts', 'report_answer_rollups', 'report_cycle_rollups']) {
    await client.query(`analyze ${table}`);
  }
  log(`report rollups rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
