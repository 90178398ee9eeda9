import { type Kysely, sql } from 'kysely';

// Issue 7, reports at 1M workflows (bench/RESULTS.md "Reports at 1M workflows"). A report reads
// every visible workflow of a kind; these let it do so from a small index and plan it in parallel.
const UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The workflow columns reports group and filter on, with the two visibility needs (region and
    -- business unit), in id order per kind: an index-only scan of ~80 bytes a workflow instead of the
    -- table's ~430, and ordered by id for joins to per-workflow answers and step folds.
    create index workflows_report_idx on workflows (tenant_id, kind_id, id)
      include (status_id, created_at, region_id, business_unit_id, cycle_start, cycle_end)
      where archived_at is null;
  `.execute(db);
  // A report grouped by creation day, week, month, quarter or year (compile-report.ts truncates in
  // UTC): without statistics on the truncation the planner takes it to have as many values as
  // created_at (one per workflow), so it gathers every row to the leader to sort it instead of
  // aggregating in each parallel worker. ANALYZE keeps these up to date with the table.
  for (const unit of UNITS) {
    await sql`create statistics ${sql.id(`workflows_created_${unit}_stats`)}
      on (date_trunc(${sql.lit(unit)}, (created_at at time zone 'UTC'))) from workflows`.execute(db);
  }
  await sql`analyze workflows`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const unit of UNITS) {
    await sql`drop statistics if exists ${sql.id(`workflows_created_${unit}_stats`)}`.execute(db);
  }
  await sql`drop index if exists workflows_report_idx`.execute(db);
}
