import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant } from '../../../test/workflow-list-fixtures.js';

// Migration 0031: the rollup triggers run static statements for a few rows and 0029's dynamic ones
// for statements over many (more than 32 workflows, answers or cycles). Both paths must keep the
// rollups equal to a rebuild from the rows there are: the counts and cycles by 0029's backfill
// statements for the tenant, the answers by a plain grouping of the rows that shares no code with
// the rollup functions (migration 0037 rewrote how both paths make the dimension-measure pairs).
const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;

beforeAll(async () => {
  t = await dashboardTestTenant(app, adminDb);
});

// Every rollup figure of the tenant, the shards summed, groups that are all zero left out.
async function figures(db: Kysely<unknown>, tenantId: number | string) {
  const counts = await sql<Record<string, unknown>>`
    select kind_id, status_id, region_id, business_unit_id, test_environment, day, sum(n)::text as n
    from report_workflow_counts where tenant_id = ${tenantId}
    group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0 order by 1, 2, 3, 4, 5, 6`.execute(db);
  const answers = await sql<Record<string, unknown>>`
    select kind_id, status_id, region_id, business_unit_id, test_environment, dim_tag, dim_value, measure_tag,
      sum(n)::text as n, trim_scale(sum(total))::text as total
    from report_answer_rollups where tenant_id = ${tenantId}
    group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(n) <> 0 or sum(total) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`.execute(
    db,
  );
  const cycles = await sql<Record<string, unknown>>`
    select kind_id, status_id, region_id, business_unit_id, test_environment, step_group_tag,
      sum(finished_n)::text as finished_n, trim_scale(sum(finished_sum))::text as finished_sum,
      trim_scale(min(finished_min) filter (where finished_n <> 0))::text as finished_min,
      trim_scale(max(finished_max) filter (where finished_n <> 0))::text as finished_max,
      sum(running_n)::text as running_n, trim_scale(sum(running_start_sum))::text as running_start_sum,
      sum(idle_n)::text as idle_n, trim_scale(sum(idle_start_sum))::text as idle_start_sum
    from report_cycle_rollups where tenant_id = ${tenantId}
    group by 1, 2, 3, 4, 5, 6
    having sum(finished_n) <> 0 or sum(running_n) <> 0 or sum(idle_n) <> 0
    order by 1, 2, 3, 4, 5, 6`.execute(db);
  return { counts: counts.rows, answers: answers.rows, cycles: cycles.rows };
}

// The same figures rebuilt from the workflows, answers and cycles (inside a savepoint rolled back).
async function rebuiltIn(tx: Kysely<unknown>, tenantId: number | string) {
  await sql`savepoint rebuild`.execute(tx);
  for (const table of ['report_workflow_counts', 'report_answer_rollups', 'report_cycle_rollups']) {
    await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(tx);
  }
  await sql`
    do $do$
    declare
      ws constant text := 'select tenant_id, id, kind_id, status_id, region_id, business_unit_id, '
        || 'test_environment, created_at, 1 as sign from workflows where archived_at is null and tenant_id = '
        || ${sql.raw(String(Number(tenantId)))};
    begin
      execute report_counts_sql(ws);
      execute report_cycle_rollup_sql(ws, null);
    end
    $do$`.execute(tx);
  const result = await figures(tx, tenantId);
  await sql`rollback to savepoint rebuild`.execute(tx);
  return { ...result, answers: await answerFiguresFromRows(tx, tenantId) };
}

// The answer rollups' figures straight from the rows: every unarchived workflow once (the base row),
// each of its rolled-up answers, and each (dimension, measure) pair of its answers.
async function answerFiguresFromRows(db: Kysely<unknown>, tenantId: number | string) {
  const { rows } = await sql<Record<string, unknown>>`
    with w as (
      select id, kind_id, status_id, region_id, business_unit_id, test_environment from workflows
      where tenant_id = ${tenantId} and archived_at is null
    ),
    r as (
      select w.*, a.field_tag, f.role, a.text_value, a.number_value::numeric as number
      from w
      join workflow_responses a on a.tenant_id = ${tenantId} and a.workflow_id = w.id and a.is_current
      join report_rollup_fields f on f.tenant_id = ${tenantId} and f.kind_id = w.kind_id and f.field_tag = a.field_tag
      where (f.role = 'dimension' and a.text_value is not null) or (f.role = 'measure' and a.number_value is not null)
    ),
    facts as (
      select w.*, '' as dim_tag, null::text as dim_value, '' as measure_tag, 0::numeric as total from w
      union all
      select id, kind_id, status_id, region_id, business_unit_id, test_environment, field_tag, text_value, '', 0
      from r where role = 'dimension'
      union all
      select id, kind_id, status_id, region_id, business_unit_id, test_environment, '', null, field_tag, number
      from r where role = 'measure'
      union all
      select d.id, d.kind_id, d.status_id, d.region_id, d.business_unit_id, d.test_environment, d.field_tag,
        d.text_value, m.field_tag, m.number
      from r d join r m on m.id = d.id and m.role = 'measure'
      where d.role = 'dimension'
    )
    select kind_id, status_id, region_id, business_unit_id, test_environment, dim_tag, dim_value, measure_tag,
      count(*)::text as n, trim_scale(sum(total))::text as total
    from facts
    group by 1, 2, 3, 4, 5, 6, 7, 8
    order by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
  return rows;
}

const rebuilt = (tenantId: number | string) =>
  (adminDb as unknown as Kysely<unknown>).transaction().execute((tx) => rebuiltIn(tx, tenantId));

class Rollback extends Error {}

describe('report rollups under statements over many rows (migration 0031)', () => {
  it('equal a rebuild after bulk inserts, status changes, answer updates, cycle updates and archiving', async () => {
    const db = adminDb as unknown as Kysely<unknown>;
    const tenantId = t.id;
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
    // 40 copies of each workflow: one INSERT statement over more than 32 rows.
    await sql`
      insert into workflows (tenant_id, kind_id, definition_id, name, status_id, region_id, business_unit_id,
        created_at, cycle_start)
      select w.tenant_id, w.kind_id, w.definition_id, w.name || ' copy ' || g, w.status_id, w.region_id,
        w.business_unit_id, w.created_at - g * interval '1 day', w.cycle_start
      from workflows w cross join generate_series(1, 40) g
      where w.tenant_id = ${tenantId} and w.archived_at is null`.execute(db);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from workflows where tenant_id = ${tenantId}`.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThan(64);
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
    // Every workflow of each kind to another status of its kind, in one statement.
    await sql`
      update workflows w set status_id = (
        select s.id from workflow_statuses s where s.tenant_id = w.tenant_id and s.kind_id = w.kind_id
          and s.id <> w.status_id order by s.id limit 1)
      where w.tenant_id = ${tenantId}
        and exists (select 1 from workflow_statuses s where s.tenant_id = w.tenant_id and s.kind_id = w.kind_id
          and s.id <> w.status_id)`.execute(db);
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
    // Every answer of the tenant changed in one statement (numbers moved, texts kept).
    const answers = await sql<{ n: string }>`
      select count(*) as n from workflow_responses where tenant_id = ${tenantId} and is_current`.execute(db);
    expect(Number(answers.rows[0]?.n)).toBeGreaterThan(32);
    await sql`
      update workflow_responses set number_value = number_value + 1.5
      where tenant_id = ${tenantId} and number_value is not null`.execute(db);
    await sql`update workflow_responses set text_value = text_value where tenant_id = ${tenantId}`.execute(
      db,
    );
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
    // Cycles of every workflow moved, one statement (rolled back: other tests check that the cycles
    // are the fold of the steps).
    await db
      .transaction()
      .execute(async (tx) => {
        await sql`
          update workflow_step_group_cycles set cycle_start = cycle_start - interval '1 hour'
          where tenant_id = ${tenantId}`.execute(tx);
        expect(await figures(tx, tenantId)).toEqual(await rebuiltIn(tx, tenantId));
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    // Half the workflows archived in one statement, then deleted one by one (row trigger).
    await sql`update workflows set archived_at = now() where tenant_id = ${tenantId} and id % 2 = 0`.execute(
      db,
    );
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
    // Parents stay (a child's foreign key would refuse them; which ids are parents depends on the
    // sequence, shared with the tests running beside this one).
    await sql`
      delete from workflows where tenant_id = ${tenantId} and id % 3 = 0
        and id not in (select parent_id from workflows where tenant_id = ${tenantId} and parent_id is not null)
    `.execute(db);
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
    // And a few rows at a time again (the static path), after the bulk ones.
    await sql`update workflows set archived_at = null where tenant_id = ${tenantId} and id % 5 = 0`.execute(
      db,
    );
    await sql`
      update workflow_responses set number_value = number_value * 2
      where tenant_id = ${tenantId} and number_value is not null
        and workflow_id = (select min(id) from workflows where tenant_id = ${tenantId} and archived_at is null)`.execute(
      db,
    );
    expect(await figures(db, tenantId)).toEqual(await rebuilt(tenantId));
  });
});
