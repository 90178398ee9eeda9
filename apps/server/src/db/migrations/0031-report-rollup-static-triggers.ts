import { type Kysely, sql } from 'kysely';
import * as m0029 from './0029-report-rollups.js';

// Issue 17 follow-up (docs/reports-engine.md "Rollups", "Cost on writes"). 0029's trigger functions
// built their statements as text and EXECUTEd them, so every write was planned again on every call
// (a status change paid ~9.8 ms of planning in the rollup trigger). The same statements, static:
// the trigger functions collect the changed workflows, answers and cycles into arrays (one static
// query over the transition tables per operation) and hand them to three plpgsql functions whose
// static upserts read the arrays with unnest. PL/pgSQL prepares each static statement once per
// session (per trigger, since each trigger has its own transition table names) and keeps its plan.
// Same figures as 0029 (the rollup tests, unchanged, compare them with the full query).
//
// Lock order: every upsert still inserts its rows sorted by the table's unique key (tenant, kind,
// day or field or group, status, region, unit, environment, shard), and the tables are always
// written in the same order (counts, answers, cycles), so two multi-row statements lock shared
// rows in one order; the extremes refresh only touches rows its own upsert has already locked, now
// also in key order. Two transactions that write one group's shard row in two separate statements
// in opposite orders can still deadlock (as with any shared counter); PostgreSQL aborts one.
//
// 0029's text-building helpers stay: the backfill and the field registration (rare, over a whole
// kind, where a plan for the actual sizes is right) still use them.
const COUNT_SHARDS = 4;
const SHARDS = 8;
// Statements over more rows than this (bulk imports, mass updates) take 0029's dynamic path: static
// plans are planned once for a few rows (nested loops), which would not scale to thousands.
const BULK = 32;
const BULK_ANSWERS = 512;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create type report_rollup_workflow as (
      tenant_id bigint, id bigint, kind_id bigint, status_id bigint, region_id bigint,
      business_unit_id bigint, test_environment text, created_at timestamptz, sign integer
    );
    create type report_rollup_answer as (
      tenant_id bigint, workflow_id bigint, field_tag text, text_value text, number_value double precision,
      sign integer
    );
    create type report_rollup_cycle as (
      tenant_id bigint, workflow_id bigint, step_group_tag text, cycle_start timestamptz,
      last_completed timestamptz, running boolean, sign integer
    );

    -- report_counts_sql, static: the signed workflows added to the day counts.
    create function report_counts_apply(ws report_rollup_workflow[]) returns void language plpgsql as $fn$
    begin
      insert into report_workflow_counts as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
        test_environment, day, shard, n)
      select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
        (w.created_at at time zone 'UTC')::date, (w.id % ${sql.lit(COUNT_SHARDS)})::smallint, sum(w.sign)
      from unnest(ws) w
      group by 1, 2, 3, 4, 5, 6, 7, 8
      having sum(w.sign) <> 0
      order by 1, 2, 7, 3, 4, 5, 6, 8
      on conflict on constraint report_workflow_counts_key do update set n = t.n + excluded.n;
    end
    $fn$;

    -- report_answer_rollup_sql, static. p_answers null: the workflows' current answers.
    create function report_answers_apply(
      ws report_rollup_workflow[], p_answers report_rollup_answer[], with_base boolean
    ) returns void language plpgsql as $fn$
    begin
      if p_answers is null then
        p_answers := array(
          select row(r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value, w.sign)::report_rollup_answer
          from unnest(ws) w
          join workflow_responses r on r.tenant_id = w.tenant_id and r.workflow_id = w.id and r.is_current);
      end if;
      if cardinality(ws) > ${sql.lit(2 * BULK)} or cardinality(p_answers) > ${sql.lit(BULK_ANSWERS)} then
        -- Many rows: 0029's statement, planned with the arrays' sizes.
        execute report_answer_rollup_sql('select * from unnest($1)', 'select * from unnest($2)', with_base)
          using ws, p_answers;
        return;
      end if;
      with w as (select * from unnest(ws)),
      a as (select * from unnest(p_answers)),
      r as (
        select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
          w.id as workflow_id, a.sign, a.field_tag, f.role, a.text_value, a.number_value
        from w join a on a.tenant_id = w.tenant_id and a.workflow_id = w.id and a.sign = w.sign
        join report_rollup_fields f on f.tenant_id = w.tenant_id and f.kind_id = w.kind_id and f.field_tag = a.field_tag
        where (f.role = 'dimension' and a.text_value is not null)
           or (f.role = 'measure' and a.number_value is not null)
      ),
      facts as (
        select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
          w.id as workflow_id, '' as dim_tag, null::text as dim_value, '' as measure_tag, w.sign, 0::numeric as total
        from w where with_base
        union all
        select r.tenant_id, r.kind_id, r.status_id, r.region_id, r.business_unit_id, r.test_environment, r.workflow_id,
          r.field_tag, r.text_value, '', r.sign, 0
        from r where r.role = 'dimension'
        union all
        select r.tenant_id, r.kind_id, r.status_id, r.region_id, r.business_unit_id, r.test_environment, r.workflow_id,
          '', null, r.field_tag, r.sign, r.sign * r.number_value::numeric
        from r where r.role = 'measure'
        union all
        select d.tenant_id, d.kind_id, d.status_id, d.region_id, d.business_unit_id, d.test_environment,
          d.workflow_id, d.field_tag, d.text_value, m.field_tag, d.sign, d.sign * m.number_value::numeric
        from r d join r m on m.tenant_id = d.tenant_id and m.workflow_id = d.workflow_id and m.sign = d.sign
          and m.role = 'measure'
        where d.role = 'dimension'
      )
      insert into report_answer_rollups as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
        test_environment, shard, dim_tag, dim_value, measure_tag, n, total)
      select x.tenant_id, x.kind_id, x.status_id, x.region_id, x.business_unit_id, x.test_environment,
        (x.workflow_id % ${sql.lit(SHARDS)})::smallint as shard, x.dim_tag, x.dim_value, x.measure_tag,
        sum(x.sign), sum(x.total)
      from facts x
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      having sum(x.sign) <> 0 or sum(x.total) <> 0
      order by 1, 2, 8, 10, 9, 3, 4, 5, 6, 7
      on conflict on constraint report_answer_rollups_key
      do update set n = t.n + excluded.n, total = t.total + excluded.total;
    end
    $fn$;

    -- report_cycle_rollup_sql and its extremes refresh, static. p_cycles null: the workflows'
    -- current cycles. p_deleted: the workflow a BEFORE DELETE trigger is removing.
    create function report_cycles_apply(
      ws report_rollup_workflow[], p_cycles report_rollup_cycle[], p_deleted bigint
    ) returns void language plpgsql as $fn$
    declare
      stale record;
    begin
      if p_cycles is null then
        p_cycles := array(
          select row(c.tenant_id, c.workflow_id, c.step_group_tag, c.cycle_start, c.last_completed, c.running,
            w.sign)::report_rollup_cycle
          from unnest(ws) w
          join workflow_step_group_cycles c on c.tenant_id = w.tenant_id and c.workflow_id = w.id);
      end if;
      if cardinality(ws) > ${sql.lit(2 * BULK)} or cardinality(p_cycles) > ${sql.lit(BULK_ANSWERS)} then
        -- Many rows: 0029's statement, planned with the arrays' sizes.
        for stale in execute report_cycle_rollup_sql('select * from unnest($1)', 'select * from unnest($2)')
          using ws, p_cycles
        loop
          perform report_cycle_extremes_refresh(stale.tenant_id, stale.kind_id, stale.status_id, stale.region_id,
            stale.business_unit_id, stale.test_environment, stale.shard, stale.step_group_tag, p_deleted);
        end loop;
        return;
      end if;
      for stale in
        with w as (select * from unnest(ws)),
        c as (select * from unnest(p_cycles)),
        facts as (
          select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
            (w.id % ${sql.lit(SHARDS)})::smallint as shard, c.step_group_tag, c.sign,
            case when not c.running and c.last_completed is not null then 'finished'
                 when c.running then 'running' else 'idle' end as state,
            extract(epoch from c.cycle_start) as start_epoch,
            extract(epoch from c.last_completed) - extract(epoch from c.cycle_start) as seconds
          from w join c on c.tenant_id = w.tenant_id and c.workflow_id = w.id and c.sign = w.sign
          where c.cycle_start is not null
        ),
        sums as (
          select f.tenant_id, f.kind_id, f.status_id, f.region_id, f.business_unit_id, f.test_environment, f.shard,
            f.step_group_tag,
            sum(f.sign) filter (where f.state = 'finished') as finished_n,
            sum(f.sign * f.seconds) filter (where f.state = 'finished') as finished_sum,
            min(f.seconds) filter (where f.state = 'finished' and f.sign > 0) as added_min,
            max(f.seconds) filter (where f.state = 'finished' and f.sign > 0) as added_max,
            min(f.seconds) filter (where f.state = 'finished' and f.sign < 0) as removed_min,
            max(f.seconds) filter (where f.state = 'finished' and f.sign < 0) as removed_max,
            sum(f.sign) filter (where f.state = 'running') as running_n,
            sum(f.sign * f.start_epoch) filter (where f.state = 'running') as running_start_sum,
            sum(f.sign) filter (where f.state = 'idle') as idle_n,
            sum(f.sign * f.start_epoch) filter (where f.state = 'idle') as idle_start_sum,
            bool_or(f.sign < 0 and f.state = 'finished') as removed
          from facts f
          group by 1, 2, 3, 4, 5, 6, 7, 8
        ),
        applied as (
          insert into report_cycle_rollups as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
            test_environment, shard, step_group_tag, finished_n, finished_sum, finished_min, finished_max,
            running_n, running_start_sum, idle_n, idle_start_sum)
          select s.tenant_id, s.kind_id, s.status_id, s.region_id, s.business_unit_id, s.test_environment, s.shard,
            s.step_group_tag, coalesce(s.finished_n, 0), coalesce(s.finished_sum, 0), s.added_min, s.added_max,
            coalesce(s.running_n, 0), coalesce(s.running_start_sum, 0), coalesce(s.idle_n, 0),
            coalesce(s.idle_start_sum, 0)
          from sums s
          order by 1, 2, 8, 3, 4, 5, 6, 7
          on conflict on constraint report_cycle_rollups_key do update set
            finished_n = t.finished_n + excluded.finished_n,
            finished_sum = t.finished_sum + excluded.finished_sum,
            finished_min = least(t.finished_min, excluded.finished_min),
            finished_max = greatest(t.finished_max, excluded.finished_max),
            running_n = t.running_n + excluded.running_n,
            running_start_sum = t.running_start_sum + excluded.running_start_sum,
            idle_n = t.idle_n + excluded.idle_n,
            idle_start_sum = t.idle_start_sum + excluded.idle_start_sum
          returning t.*
        )
        -- The rows whose minimum or maximum a removed cycle may have held, in key order.
        select a.tenant_id, a.kind_id, a.status_id, a.region_id, a.business_unit_id, a.test_environment,
          a.shard, a.step_group_tag
        from applied a join sums s on s.tenant_id = a.tenant_id and s.kind_id = a.kind_id
          and s.status_id = a.status_id and s.region_id = a.region_id
          and s.business_unit_id is not distinct from a.business_unit_id
          and s.test_environment is not distinct from a.test_environment
          and s.shard = a.shard and s.step_group_tag = a.step_group_tag
        where s.removed and (a.finished_n = 0 or s.removed_min <= a.finished_min or s.removed_max >= a.finished_max)
        order by 1, 2, 8, 3, 4, 5, 6, 7
      loop
        perform report_cycle_extremes_refresh(stale.tenant_id, stale.kind_id, stale.status_id, stale.region_id,
          stale.business_unit_id, stale.test_environment, stale.shard, stale.step_group_tag, p_deleted);
      end loop;
    end
    $fn$;

    -- The same statement as 0029's SQL function, in plpgsql so that its plan is kept.
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
          and w.business_unit_id is not distinct from p_unit and w.test_environment is not distinct from p_env
          and w.archived_at is null and w.id % ${sql.lit(SHARDS)} = p_shard and w.id is distinct from p_deleted
          and not c.running and c.cycle_start is not null and c.last_completed is not null)
      where t.tenant_id = p_tenant and t.kind_id = p_kind and t.step_group_tag = p_group and t.status_id = p_status
        and t.region_id = p_region and t.business_unit_id is not distinct from p_unit
        and t.test_environment is not distinct from p_env and t.shard = p_shard;
    end
    $fn$;

    create or replace function report_workflow_rollups() returns trigger language plpgsql as $fn$
    declare
      ws report_rollup_workflow[];
      bulk boolean := false;
    begin
      if TG_OP = 'INSERT' then
        bulk := (select count(*) from new_workflows) > ${sql.lit(BULK)};
      elsif TG_OP = 'UPDATE' then
        bulk := (select count(*) from new_workflows) > ${sql.lit(BULK)};
      end if;
      if bulk then
        -- 0029's dynamic statements, planned for the statement's size.
        declare
            cols constant text := 'tenant_id, id, kind_id, status_id, region_id, business_unit_id, test_environment, created_at';
            ws text;
            stale record;
            changed boolean;
        begin
            if TG_OP = 'INSERT' then
              ws := format('select %s, 1 as sign from new_workflows where archived_at is null', cols);
            elsif TG_OP = 'UPDATE' then
              -- Only the workflows whose groups changed.
              ws := format($q$
                select %1$s, -1 as sign from old_workflows o
                where o.archived_at is null and exists (select 1 from new_workflows n where n.tenant_id = o.tenant_id
                  and n.id = o.id and (n.archived_at is not null or (n.kind_id, n.status_id, n.region_id, n.business_unit_id,
                    n.test_environment, n.created_at) is distinct from (o.kind_id, o.status_id, o.region_id,
                    o.business_unit_id, o.test_environment, o.created_at)))
                union all
                select %1$s, 1 from new_workflows n
                where n.archived_at is null and exists (select 1 from old_workflows o where o.tenant_id = n.tenant_id
                  and o.id = n.id and (o.archived_at is not null or (n.kind_id, n.status_id, n.region_id, n.business_unit_id,
                    n.test_environment, n.created_at) is distinct from (o.kind_id, o.status_id, o.region_id,
                    o.business_unit_id, o.test_environment, o.created_at)))
              $q$, cols);
              -- Most updates (progress, names, steps) move no workflow between groups: nothing to do.
              execute format('select exists (%s)', ws) into changed;
              if not changed then return null; end if;
            elsif TG_OP = 'DELETE' then
              if OLD.archived_at is not null then return OLD; end if;
              ws := format('select %s, -1 as sign from (select ($1).*) x', cols);
            end if;
            if TG_OP = 'DELETE' then
              execute report_counts_sql(ws) using OLD;
              execute report_answer_rollup_sql(ws, null, true) using OLD;
              for stale in execute report_cycle_rollup_sql(ws, null) using OLD loop
                perform report_cycle_extremes_refresh(stale.tenant_id, stale.kind_id, stale.status_id, stale.region_id,
                  stale.business_unit_id, stale.test_environment, stale.shard, stale.step_group_tag, OLD.id);
              end loop;
              return OLD;
            end if;
            execute report_counts_sql(ws);
            execute report_answer_rollup_sql(ws, null, true);
            for stale in execute report_cycle_rollup_sql(ws, null) loop
              perform report_cycle_extremes_refresh(stale.tenant_id, stale.kind_id, stale.status_id, stale.region_id,
                stale.business_unit_id, stale.test_environment, stale.shard, stale.step_group_tag, null);
            end loop;
            return null;
        end;
      end if;
      if TG_OP = 'INSERT' then
        ws := array(
          select row(n.tenant_id, n.id, n.kind_id, n.status_id, n.region_id, n.business_unit_id, n.test_environment,
            n.created_at, 1)::report_rollup_workflow
          from new_workflows n where n.archived_at is null);
      elsif TG_OP = 'UPDATE' then
        -- Only the workflows whose groups changed; most updates (progress, names, steps) move none.
        ws := array(
          select row(o.tenant_id, o.id, o.kind_id, o.status_id, o.region_id, o.business_unit_id, o.test_environment,
            o.created_at, -1)::report_rollup_workflow
          from old_workflows o
          where o.archived_at is null and exists (select 1 from new_workflows n where n.tenant_id = o.tenant_id
            and n.id = o.id and (n.archived_at is not null or (n.kind_id, n.status_id, n.region_id, n.business_unit_id,
              n.test_environment, n.created_at) is distinct from (o.kind_id, o.status_id, o.region_id,
              o.business_unit_id, o.test_environment, o.created_at)))
          union all
          select row(n.tenant_id, n.id, n.kind_id, n.status_id, n.region_id, n.business_unit_id, n.test_environment,
            n.created_at, 1)::report_rollup_workflow
          from new_workflows n
          where n.archived_at is null and exists (select 1 from old_workflows o where o.tenant_id = n.tenant_id
            and o.id = n.id and (o.archived_at is not null or (n.kind_id, n.status_id, n.region_id, n.business_unit_id,
              n.test_environment, n.created_at) is distinct from (o.kind_id, o.status_id, o.region_id,
              o.business_unit_id, o.test_environment, o.created_at))));
      elsif TG_OP = 'DELETE' then
        if OLD.archived_at is not null then return OLD; end if;
        ws := array[row(OLD.tenant_id, OLD.id, OLD.kind_id, OLD.status_id, OLD.region_id, OLD.business_unit_id,
          OLD.test_environment, OLD.created_at, -1)::report_rollup_workflow];
      end if;
      if cardinality(ws) > 0 then
        perform report_counts_apply(ws);
        perform report_answers_apply(ws, null, true);
        perform report_cycles_apply(ws, null, case when TG_OP = 'DELETE' then OLD.id end);
      end if;
      if TG_OP = 'DELETE' then return OLD; end if;
      return null;
    end
    $fn$;

    create or replace function report_answer_rollups_refresh() returns trigger language plpgsql as $fn$
    declare
      ws report_rollup_workflow[];
      answers report_rollup_answer[];
      bulk boolean;
    begin
      if TG_OP = 'DELETE' then
        bulk := (select count(*) from old_answers) > ${sql.lit(BULK)};
      else
        bulk := (select count(*) from new_answers) > ${sql.lit(BULK)};
      end if;
      if bulk then
        -- 0029's dynamic statements, planned for the statement's size.
        declare
            changed text;
            ws text;
            cur text := 'select r.id, r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value '
              || 'from workflow_responses r join w on r.tenant_id = w.tenant_id and r.workflow_id = w.id '
              || 'and w.sign = 1 and r.is_current';
            answers text;
        begin
            changed := case when TG_OP = 'DELETE' then 'old_answers' else 'new_answers' end;
            -- The changed answers' workflows, once after (+1) and once before (-1) the statement.
            ws := format($q$
              select w.tenant_id, w.id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment, s.sign
              from workflows w
              join (select distinct tenant_id, workflow_id from %s) x on w.tenant_id = x.tenant_id and w.id = x.workflow_id
              cross join (values (1), (-1)) s(sign)
              where w.archived_at is null
            $q$, changed);
            -- After: the current answers. Before: those less the statement's new rows, plus its old current ones.
            answers := format($q$
              select tenant_id, workflow_id, field_tag, text_value, number_value, 1 as sign from (%1$s) a
              union all
              select tenant_id, workflow_id, field_tag, text_value, number_value, -1 from (%1$s) a
              where %2$s
              %3$s
            $q$, cur,
              case when TG_OP = 'DELETE' then 'true'
                else 'not exists (select 1 from new_answers n where n.tenant_id = a.tenant_id and n.id = a.id)' end,
              case when TG_OP = 'INSERT' then ''
                else 'union all select o.tenant_id, o.workflow_id, o.field_tag, o.text_value, o.number_value, -1 '
                  || 'from old_answers o join w on w.tenant_id = o.tenant_id and w.id = o.workflow_id and w.sign = -1 '
                  || 'where o.is_current' end);
            execute report_answer_rollup_sql(ws, answers, false);
            return null;
        end;
      end if;
      -- The changed answers' workflows, once after (+1) and once before (-1) the statement.
      if TG_OP = 'DELETE' then
        ws := array(
          select row(w.tenant_id, w.id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
            null, s.sign)::report_rollup_workflow
          from workflows w
          join (select distinct x.tenant_id, x.workflow_id from old_answers x) x
            on w.tenant_id = x.tenant_id and w.id = x.workflow_id
          cross join (values (1), (-1)) s(sign)
          where w.archived_at is null);
      else
        ws := array(
          select row(w.tenant_id, w.id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
            null, s.sign)::report_rollup_workflow
          from workflows w
          join (select distinct x.tenant_id, x.workflow_id from new_answers x) x
            on w.tenant_id = x.tenant_id and w.id = x.workflow_id
          cross join (values (1), (-1)) s(sign)
          where w.archived_at is null);
      end if;
      if cardinality(ws) = 0 then return null; end if;
      -- After: the current answers. Before: those less the statement's new rows, plus its old current ones.
      if TG_OP = 'INSERT' then
        answers := array(
          with cur as (
            select r.id, r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value
            from workflow_responses r join unnest(ws) w on r.tenant_id = w.tenant_id and r.workflow_id = w.id
              and w.sign = 1 and r.is_current)
          select row(a.tenant_id, a.workflow_id, a.field_tag, a.text_value, a.number_value, 1)::report_rollup_answer
          from cur a
          union all
          select row(a.tenant_id, a.workflow_id, a.field_tag, a.text_value, a.number_value, -1)::report_rollup_answer
          from cur a
          where not exists (select 1 from new_answers n where n.tenant_id = a.tenant_id and n.id = a.id));
      elsif TG_OP = 'UPDATE' then
        answers := array(
          with cur as (
            select r.id, r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value
            from workflow_responses r join unnest(ws) w on r.tenant_id = w.tenant_id and r.workflow_id = w.id
              and w.sign = 1 and r.is_current)
          select row(a.tenant_id, a.workflow_id, a.field_tag, a.text_value, a.number_value, 1)::report_rollup_answer
          from cur a
          union all
          select row(a.tenant_id, a.workflow_id, a.field_tag, a.text_value, a.number_value, -1)::report_rollup_answer
          from cur a
          where not exists (select 1 from new_answers n where n.tenant_id = a.tenant_id and n.id = a.id)
          union all
          select row(o.tenant_id, o.workflow_id, o.field_tag, o.text_value, o.number_value, -1)::report_rollup_answer
          from old_answers o join unnest(ws) w on w.tenant_id = o.tenant_id and w.id = o.workflow_id and w.sign = -1
          where o.is_current);
      else
        answers := array(
          with cur as (
            select r.id, r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value
            from workflow_responses r join unnest(ws) w on r.tenant_id = w.tenant_id and r.workflow_id = w.id
              and w.sign = 1 and r.is_current)
          select row(a.tenant_id, a.workflow_id, a.field_tag, a.text_value, a.number_value, 1)::report_rollup_answer
          from cur a
          union all
          select row(a.tenant_id, a.workflow_id, a.field_tag, a.text_value, a.number_value, -1)::report_rollup_answer
          from cur a
          union all
          select row(o.tenant_id, o.workflow_id, o.field_tag, o.text_value, o.number_value, -1)::report_rollup_answer
          from old_answers o join unnest(ws) w on w.tenant_id = o.tenant_id and w.id = o.workflow_id and w.sign = -1
          where o.is_current);
      end if;
      perform report_answers_apply(ws, answers, false);
      return null;
    end
    $fn$;

    create or replace function report_cycle_rollups_refresh() returns trigger language plpgsql as $fn$
    declare
      ws report_rollup_workflow[];
      cycles report_rollup_cycle[];
    begin
      -- Each cycle row is its own figure: add the new rows, subtract the old.
      if TG_OP = 'INSERT' then
        cycles := array(
          select row(c.tenant_id, c.workflow_id, c.step_group_tag, c.cycle_start, c.last_completed, c.running,
            1)::report_rollup_cycle
          from new_cycles c);
      elsif TG_OP = 'UPDATE' then
        cycles := array(
          select row(c.tenant_id, c.workflow_id, c.step_group_tag, c.cycle_start, c.last_completed, c.running,
            1)::report_rollup_cycle
          from new_cycles c
          union all
          select row(c.tenant_id, c.workflow_id, c.step_group_tag, c.cycle_start, c.last_completed, c.running,
            -1)::report_rollup_cycle
          from old_cycles c);
      else
        cycles := array(
          select row(c.tenant_id, c.workflow_id, c.step_group_tag, c.cycle_start, c.last_completed, c.running,
            -1)::report_rollup_cycle
          from old_cycles c);
      end if;
      if cardinality(cycles) = 0 then return null; end if;
      ws := array(
        select row(w.tenant_id, w.id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
          null, s.sign)::report_rollup_workflow
        from workflows w
        join (select distinct c.tenant_id, c.workflow_id from unnest(cycles) c) x
          on w.tenant_id = x.tenant_id and w.id = x.workflow_id
        cross join (values (1), (-1)) s(sign)
        where w.archived_at is null);
      if cardinality(ws) = 0 then return null; end if;
      perform report_cycles_apply(ws, cycles, null);
      return null;
    end
    $fn$;
  `.execute(db);
}

// Back to 0029's dynamic trigger functions: 0029 undone and done again (its backfill rebuilds the
// rollups from the rows there are).
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function report_cycles_apply(report_rollup_workflow[], report_rollup_cycle[], bigint);
    drop function report_answers_apply(report_rollup_workflow[], report_rollup_answer[], boolean);
    drop function report_counts_apply(report_rollup_workflow[]);
  `.execute(db);
  await m0029.down(db);
  await sql`
    drop type report_rollup_cycle;
    drop type report_rollup_answer;
    drop type report_rollup_workflow;
  `.execute(db);
  await m0029.up(db);
}
