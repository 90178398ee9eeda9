import { type Kysely, sql } from 'kysely';
import * as m0031 from './0031-report-rollup-static-triggers.js';

// Issue 17 follow-up (docs/reports-engine.md "Cost on writes"). The answer rollups hold, besides
// each answer, every (dimension, measure) pair of a workflow (spend by country). 0029 and 0031 made
// the pairs by joining the statement's answers with themselves on the workflow; the planner, which
// cannot see how many rows a transition table or an array holds, chose a nested loop, so a statement
// over 500 workflows compared 7,010 dimension rows with 1,546 measure rows one by one: 10.8 million
// comparisons and 8 to 12 s for one batch update (bench/rollup-writes.ts). The pairs are now made
// per workflow: its dimensions and its measures gathered into arrays by one grouping, then unnested
// against each other, which has no join for the planner to get wrong and costs what the pairs are.
// Same figures (the rollup property and bulk tests compare them with the full query).
//
// A statement that takes workflows out of a group also recomputes the minimum and maximum cycle
// time of each shard row they leave (report_cycle_extremes_refresh). It read the group's workflows
// by the region index and filtered the rest: at 1M workflows 9 such rows after 500 workflows changed
// region read 294,000 workflows each, 80-570 ms apiece. workflows_rollup_shard_idx holds exactly the
// refresh's key (a null unit or test environment as 0 or '', which no real one is), so it reads the
// shard's own workflows only.
const SHARDS = 8;
// 0031's thresholds of its dynamic path, unchanged: more changed workflows (each once before and
// once after) or answers than this.
const BULK_WORKFLOWS = 2 * 32;
const BULK_ANSWERS = 512;

// The one part both functions share, as text: the facts of `r` (signed answers with their
// workflow's groups and the field's role), plus the workflow's base row when `base` holds.
const facts = (base: string) => `
  facts as (
    select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
      w.id as workflow_id, '' as dim_tag, null::text as dim_value, '' as measure_tag, w.sign, 0::numeric as total
    from w where ${base}
    union all
    select r.tenant_id, r.kind_id, r.status_id, r.region_id, r.business_unit_id, r.test_environment, r.workflow_id,
      r.field_tag, r.text_value, '', r.sign, 0
    from r where r.role = 'dimension'
    union all
    select r.tenant_id, r.kind_id, r.status_id, r.region_id, r.business_unit_id, r.test_environment, r.workflow_id,
      '', null, r.field_tag, r.sign, r.sign * r.number_value::numeric
    from r where r.role = 'measure'
    union all
    select p.tenant_id, p.kind_id, p.status_id, p.region_id, p.business_unit_id, p.test_environment, p.workflow_id,
      d.tag, d.value, m.tag, p.sign, p.sign * m.value::numeric
    from per_workflow p
    cross join lateral unnest(p.dim_tags, p.dim_values) as d(tag, value)
    cross join lateral unnest(p.measure_tags, p.measure_values) as m(tag, value)
  )`;

const perWorkflow = `
  per_workflow as (
    select r.tenant_id, r.kind_id, r.status_id, r.region_id, r.business_unit_id, r.test_environment,
      r.workflow_id, r.sign,
      array_agg(r.field_tag order by r.field_tag) filter (where r.role = 'dimension') as dim_tags,
      array_agg(r.text_value order by r.field_tag) filter (where r.role = 'dimension') as dim_values,
      array_agg(r.field_tag order by r.field_tag) filter (where r.role = 'measure') as measure_tags,
      array_agg(r.number_value order by r.field_tag) filter (where r.role = 'measure') as measure_values
    from r
    group by 1, 2, 3, 4, 5, 6, 7, 8
  )`;

const rollupRows = `
  r as (
    select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
      w.id as workflow_id, a.sign, a.field_tag, f.role, a.text_value, a.number_value
    from w join a on a.tenant_id = w.tenant_id and a.workflow_id = w.id and a.sign = w.sign
    join report_rollup_fields f on f.tenant_id = w.tenant_id and f.kind_id = w.kind_id and f.field_tag = a.field_tag
    where (f.role = 'dimension' and a.text_value is not null)
       or (f.role = 'measure' and a.number_value is not null)
  )`;

const upsert = `
  insert into report_answer_rollups as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
    test_environment, shard, dim_tag, dim_value, measure_tag, n, total)
  select x.tenant_id, x.kind_id, x.status_id, x.region_id, x.business_unit_id, x.test_environment,
    (x.workflow_id % ${SHARDS})::smallint as shard, x.dim_tag, x.dim_value, x.measure_tag, sum(x.sign), sum(x.total)
  from facts x
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  having sum(x.sign) <> 0 or sum(x.total) <> 0
  order by 1, 2, 8, 10, 9, 3, 4, 5, 6, 7
  on conflict on constraint report_answer_rollups_key
  do update set n = t.n + excluded.n, total = t.total + excluded.total`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // 0029's text builder (bulk statements, the backfill, a field's registration): % doubled, as the
  // statement goes through format().
  const dynamic =
    `with w as (%1$s), a as (%2$s), ${rollupRows}, ${perWorkflow}, ${facts('%3$s')} ${upsert}`.replaceAll(
      /%(?![123]\$s)/g,
      '%%',
    );
  await sql`
    create or replace function report_answer_rollup_sql(workflows text, answers text, with_base boolean)
    returns text language sql immutable as $fn$
      select format(${sql.lit(dynamic)}, workflows,
        coalesce(answers, 'select r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value, w.sign '
          || 'from w join workflow_responses r on r.tenant_id = w.tenant_id and r.workflow_id = w.id and r.is_current'),
        case when with_base then 'true' else 'false' end)
    $fn$;
  `.execute(db);
  // 0031's static function: the same statement over the arrays, prepared once per session.
  await sql`
    create or replace function report_answers_apply(
      ws report_rollup_workflow[], p_answers report_rollup_answer[], with_base boolean
    ) returns void language plpgsql as $fn$
    begin
      if p_answers is null then
        p_answers := array(
          select row(r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value, w.sign)::report_rollup_answer
          from unnest(ws) w
          join workflow_responses r on r.tenant_id = w.tenant_id and r.workflow_id = w.id and r.is_current);
      end if;
      if cardinality(ws) > ${sql.lit(BULK_WORKFLOWS)} or cardinality(p_answers) > ${sql.lit(BULK_ANSWERS)} then
        -- Many rows: 0029's statement, planned with the arrays' sizes.
        execute report_answer_rollup_sql('select * from unnest($1)', 'select * from unnest($2)', with_base)
          using ws, p_answers;
        return;
      end if;
      with w as (select * from unnest(ws)), a as (select * from unnest(p_answers)),
      ${sql.raw(`${rollupRows}, ${perWorkflow}, ${facts('with_base')} ${upsert}`)};
    end
    $fn$;
  `.execute(db);
  await sql`
    create index workflows_rollup_shard_idx on workflows (tenant_id, kind_id, status_id, region_id,
      coalesce(business_unit_id, 0), coalesce(test_environment, ''), (id % ${sql.lit(SHARDS)}), id)
      where archived_at is null;
    create or replace function report_cycle_extremes_refresh(
      p_tenant bigint, p_kind bigint, p_status bigint, p_region bigint, p_unit bigint, p_env text,
      p_shard smallint, p_group text, p_deleted bigint
    ) returns void language plpgsql as $fn$
    begin
      update report_cycle_rollups t set (finished_min, finished_max) = (
        select min(extract(epoch from c.last_completed) - extract(epoch from c.cycle_start)),
               max(extract(epoch from c.last_completed) - extract(epoch from c.cycle_start))
        from workflows w
        join workflow_step_group_cycles c on c.tenant_id = w.tenant_id and c.workflow_id = w.id
          and c.step_group_tag = p_group
        where w.tenant_id = p_tenant and w.kind_id = p_kind and w.status_id = p_status and w.region_id = p_region
          and coalesce(w.business_unit_id, 0) = coalesce(p_unit, 0)
          and coalesce(w.test_environment, '') = coalesce(p_env, '')
          and w.archived_at is null and w.id % ${sql.lit(SHARDS)} = p_shard and w.id is distinct from p_deleted
          and not c.running and c.cycle_start is not null and c.last_completed is not null)
      where t.tenant_id = p_tenant and t.kind_id = p_kind and t.step_group_tag = p_group and t.status_id = p_status
        and t.region_id = p_region and t.business_unit_id is not distinct from p_unit
        and t.test_environment is not distinct from p_env and t.shard = p_shard;
    end
    $fn$;
  `.execute(db);
}

// Back to 0031's pairs and extremes refresh (and 0029's text builder): 0031 undone and done again.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index workflows_rollup_shard_idx`.execute(db);
  await m0031.down(db);
  await m0031.up(db);
}
