import { type Kysely, sql } from 'kysely';

// Issue 17, reports under 500 ms at a million workflows (docs/reports-engine.md "Rollups"). A report
// over a whole kind read every workflow (1.1 to 7.4 s at 1M). These tables keep exact pre-aggregated
// figures per kind, status, region, business unit and test environment, kept by triggers in the same
// transactions that change workflows, answers or step-group cycles; the engine answers from them
// whenever a report's shape fits (engine/rollups.ts) and from the workflows otherwise.
//
//   report_workflow_counts   unarchived workflows per (kind, status, region, unit, environment, UTC
//                            day of creation)
//   report_answer_rollups    per (kind, status, region, unit, environment) and (dimension field,
//                            value, measure field): workflows, and the exact sum of the measure.
//                            dim_tag '' and measure_tag '' are "no field": ('', null, '') counts the
//                            workflows, ('', null, m) the answers of m and their sum, (d, v, '') the
//                            workflows answering v to d, (d, v, m) those that also answer m, and its sum.
//   report_cycle_rollups     per (kind, status, region, unit, environment) and step group: finished
//                            cycles (count, exact sum of seconds, minimum, maximum), running ones and
//                            ended-without-completion ones (count and exact sum of start epochs, so
//                            an average "to now" is exact arithmetic at any instant).
//   report_rollup_fields     which fields of a kind roll up, and how: choice fields (single select,
//                            radio, country, yes/no) as dimensions, number fields as measures; read
//                            from every published definition (a trigger registers a new version's).
//
// Every row is split in shards by workflow id (`shard`): concurrent transactions on workflows of one
// group add to different rows instead of waiting for one row lock until commit. Readers sum the
// shards. A shard is a fixed set of workflows, so a shard row's minimum and maximum can be recomputed
// from its workflows when the extreme leaves (the only non-additive figures).
//
// How it stays exact: each figure is a function of the current rows (unarchived workflows, their
// current answers, their cycles). A statement trigger subtracts the figures of the rows before the
// statement and adds those after (from the transition tables), per group; a deleted workflow's
// figures are subtracted by a BEFORE ROW trigger, before the cascade removes its answers and cycles.
// A workflow inserted after its answers (a replica-mode copy without foreign keys) adds them itself.
// ENABLE ALWAYS, so the bench seed's replica-mode copy keeps them too.
const COUNT_SHARDS = 4;
const SHARDS = 8;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_rollup_fields (
      tenant_id bigint not null,
      kind_id bigint not null,
      field_tag text not null,
      role text not null check (role in ('dimension', 'measure')),
      primary key (tenant_id, kind_id, field_tag, role)
    );

    create table report_workflow_counts (
      tenant_id bigint not null,
      kind_id bigint not null,
      status_id bigint not null,
      region_id bigint not null,
      business_unit_id bigint,
      test_environment text,
      day date not null,
      shard smallint not null,
      n bigint not null,
      constraint report_workflow_counts_key unique nulls not distinct
        (tenant_id, kind_id, day, status_id, region_id, business_unit_id, test_environment, shard)
    );

    create table report_answer_rollups (
      tenant_id bigint not null,
      kind_id bigint not null,
      status_id bigint not null,
      region_id bigint not null,
      business_unit_id bigint,
      test_environment text,
      shard smallint not null,
      dim_tag text not null,
      dim_value text,
      measure_tag text not null,
      n bigint not null,
      total numeric not null,
      constraint report_answer_rollups_key unique nulls not distinct
        (tenant_id, kind_id, dim_tag, measure_tag, dim_value, status_id, region_id, business_unit_id,
         test_environment, shard)
    );

    create table report_cycle_rollups (
      tenant_id bigint not null,
      kind_id bigint not null,
      status_id bigint not null,
      region_id bigint not null,
      business_unit_id bigint,
      test_environment text,
      shard smallint not null,
      step_group_tag text not null,
      -- Not running, with a start and a last completion: last_completed - cycle_start seconds.
      finished_n bigint not null,
      finished_sum numeric not null,
      finished_min numeric,
      finished_max numeric,
      -- Running (a step open) with a start: cycle_start - now seconds, as sums of start epochs.
      running_n bigint not null,
      running_start_sum numeric not null,
      -- Not running, started, never completed: its cycle also lasts to now.
      idle_n bigint not null,
      idle_start_sum numeric not null,
      constraint report_cycle_rollups_key unique nulls not distinct
        (tenant_id, kind_id, step_group_tag, status_id, region_id, business_unit_id, test_environment, shard)
    );
  `.execute(db);
  for (const table of [
    'report_rollup_fields',
    'report_workflow_counts',
    'report_answer_rollups',
    'report_cycle_rollups',
  ]) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy tenant_isolation on ${sql.table(table)}
        using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
        with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
    `.execute(db);
  }

  await sql`
    -- The field types that roll up (fieldReportDataType: text for choices, number for measures).
    create function report_rollup_role(field_type text) returns text language sql immutable as $fn$
      select case
        when field_type in ('single_select', 'radio', 'country_single_select', 'bool', 'checkbox') then 'dimension'
        when field_type in ('integer', 'decimal', 'currency', 'slider', 'rating') then 'measure'
      end
    $fn$;

    -- The rolled-up fields of some definitions: (tenant_id, kind_id, field_tag, role).
    create function report_definition_fields(definitions text) returns text language sql immutable as $fn$
      select format($q$
        select distinct d.tenant_id, d.kind_id, f->>'tag' as field_tag, report_rollup_role(f->>'type') as role
        from (%s) d
        cross join lateral jsonb_array_elements(coalesce(d.definition->'step_groups', '[]')) g
        cross join lateral jsonb_array_elements(coalesce(g->'steps', '[]')) s
        cross join lateral jsonb_array_elements(coalesce(s->'fields', '[]')) f
        where report_rollup_role(f->>'type') is not null and f->>'tag' is not null
      $q$, definitions)
    $fn$;

    -- Adds the signed figures of a set of workflows (and their current answers) to the answer
    -- rollups. 'workflows': (tenant_id, id, kind_id, status_id, region_id, business_unit_id,
    -- test_environment, sign), unarchived only; 'answers': (tenant_id, workflow_id, field_tag,
    -- text_value, number_value, sign) or null for the workflows' current answers, and whether the
    -- base row ('', null, '') of each workflow counts (not when only answers changed).
    create function report_answer_rollup_sql(workflows text, answers text, with_base boolean)
    returns text language sql immutable as $fn$
      select format($q$
        with w as (%1$s),
        a as (%2$s),
        r as (
          select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
            w.id as workflow_id, a.sign, a.field_tag, f.role, a.text_value, a.number_value
          from w join a on a.tenant_id = w.tenant_id and a.workflow_id = w.id and a.sign = w.sign
          join report_rollup_fields f on f.tenant_id = w.tenant_id and f.kind_id = w.kind_id and f.field_tag = a.field_tag
          where (f.role = 'dimension' and a.text_value is not null)
             or (f.role = 'measure' and a.number_value is not null)
        ),
        facts as (
          select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment, id as workflow_id,
            '' as dim_tag, null::text as dim_value, '' as measure_tag, sign, 0::numeric as total
          from w where %3$s
          union all
          select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment, workflow_id,
            field_tag, text_value, '', sign, 0
          from r where role = 'dimension'
          union all
          select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment, workflow_id,
            '', null, field_tag, sign, sign * number_value::numeric
          from r where role = 'measure'
          union all
          select d.tenant_id, d.kind_id, d.status_id, d.region_id, d.business_unit_id, d.test_environment,
            d.workflow_id, d.field_tag, d.text_value, m.field_tag, d.sign, d.sign * m.number_value::numeric
          from r d join r m on m.tenant_id = d.tenant_id and m.workflow_id = d.workflow_id and m.sign = d.sign
            and m.role = 'measure'
          where d.role = 'dimension'
        )
        insert into report_answer_rollups as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
          test_environment, shard, dim_tag, dim_value, measure_tag, n, total)
        select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment,
          (workflow_id %% ${sql.lit(SHARDS)})::smallint as shard, dim_tag, dim_value, measure_tag, sum(sign), sum(total)
        from facts
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
        having sum(sign) <> 0 or sum(total) <> 0
        order by 1, 2, 8, 10, 9, 3, 4, 5, 6, 7
        on conflict on constraint report_answer_rollups_key
        do update set n = t.n + excluded.n, total = t.total + excluded.total
      $q$, workflows,
        coalesce(answers, 'select r.tenant_id, r.workflow_id, r.field_tag, r.text_value, r.number_value, w.sign '
          || 'from w join workflow_responses r on r.tenant_id = w.tenant_id and r.workflow_id = w.id and r.is_current'),
        case when with_base then 'true' else 'false' end)
    $fn$;

    -- Adds the signed figures of a set of workflows' step-group cycles to the cycle rollups, and
    -- recomputes the minimum and maximum of every shard row whose extreme a removed cycle held.
    -- 'workflows' as above; 'cycles': (tenant_id, workflow_id, step_group_tag, cycle_start,
    -- last_completed, running, sign), or null for the workflows' current cycles.
    create function report_cycle_rollup_sql(workflows text, cycles text) returns text language sql immutable as $fn$
      select format($q$
        with w as (%1$s),
        c as (%2$s),
        facts as (
          select w.tenant_id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment,
            (w.id %% ${sql.lit(SHARDS)})::smallint as shard, c.step_group_tag, c.sign,
            case when not c.running and c.last_completed is not null then 'finished'
                 when c.running then 'running' else 'idle' end as state,
            extract(epoch from c.cycle_start) as start_epoch,
            extract(epoch from c.last_completed) - extract(epoch from c.cycle_start) as seconds
          from w join c on c.tenant_id = w.tenant_id and c.workflow_id = w.id and c.sign = w.sign
          where c.cycle_start is not null
        ),
        sums as (
          select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment, shard, step_group_tag,
            sum(sign) filter (where state = 'finished') as finished_n,
            sum(sign * seconds) filter (where state = 'finished') as finished_sum,
            min(seconds) filter (where state = 'finished' and sign > 0) as added_min,
            max(seconds) filter (where state = 'finished' and sign > 0) as added_max,
            min(seconds) filter (where state = 'finished' and sign < 0) as removed_min,
            max(seconds) filter (where state = 'finished' and sign < 0) as removed_max,
            sum(sign) filter (where state = 'running') as running_n,
            sum(sign * start_epoch) filter (where state = 'running') as running_start_sum,
            sum(sign) filter (where state = 'idle') as idle_n,
            sum(sign * start_epoch) filter (where state = 'idle') as idle_start_sum,
            bool_or(sign < 0 and state = 'finished') as removed
          from facts
          group by 1, 2, 3, 4, 5, 6, 7, 8
        ),
        applied as (
          insert into report_cycle_rollups as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
            test_environment, shard, step_group_tag, finished_n, finished_sum, finished_min, finished_max,
            running_n, running_start_sum, idle_n, idle_start_sum)
          select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment, shard, step_group_tag,
            coalesce(finished_n, 0), coalesce(finished_sum, 0), added_min, added_max,
            coalesce(running_n, 0), coalesce(running_start_sum, 0), coalesce(idle_n, 0), coalesce(idle_start_sum, 0)
          from sums
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
        -- The rows whose minimum or maximum a removed cycle may have held: recomputed (below).
        select a.tenant_id, a.kind_id, a.status_id, a.region_id, a.business_unit_id, a.test_environment,
          a.shard, a.step_group_tag
        from applied a join sums s on s.tenant_id = a.tenant_id and s.kind_id = a.kind_id
          and s.status_id = a.status_id and s.region_id = a.region_id
          and s.business_unit_id is not distinct from a.business_unit_id
          and s.test_environment is not distinct from a.test_environment
          and s.shard = a.shard and s.step_group_tag = a.step_group_tag
        where s.removed and (a.finished_n = 0 or s.removed_min <= a.finished_min or s.removed_max >= a.finished_max)
      $q$, workflows,
        coalesce(cycles, 'select c.tenant_id, c.workflow_id, c.step_group_tag, c.cycle_start, c.last_completed, '
          || 'c.running, w.sign from w join workflow_step_group_cycles c on c.tenant_id = w.tenant_id '
          || 'and c.workflow_id = w.id'))
    $fn$;

    -- A shard row's minimum and maximum from its workflows' cycles (the row is locked by the upsert
    -- that made it stale, so every transaction that changes its workflows has committed or waits).
    -- p_deleted: the workflow a BEFORE DELETE trigger is removing, still there when this runs.
    create function report_cycle_extremes_refresh(
      p_tenant bigint, p_kind bigint, p_status bigint, p_region bigint, p_unit bigint, p_env text,
      p_shard smallint, p_group text, p_deleted bigint
    ) returns void language sql as $fn$
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
        and t.test_environment is not distinct from p_env and t.shard = p_shard
    $fn$;

    create function report_counts_sql(workflows text) returns text language sql immutable as $fn$
      select format($q$
        insert into report_workflow_counts as t (tenant_id, kind_id, status_id, region_id, business_unit_id,
          test_environment, day, shard, n)
        select tenant_id, kind_id, status_id, region_id, business_unit_id, test_environment,
          (created_at at time zone 'UTC')::date, (id %% ${sql.lit(COUNT_SHARDS)})::smallint, sum(sign)
        from (%s) w
        group by 1, 2, 3, 4, 5, 6, 7, 8
        having sum(sign) <> 0
        order by 1, 2, 7, 3, 4, 5, 6, 8
        on conflict on constraint report_workflow_counts_key do update set n = t.n + excluded.n
      $q$, workflows)
    $fn$;

    -- Applies the cycle rollup statement and refreshes the extremes it made stale. Called with the
    -- statement text only: transition tables are visible to EXECUTE in the trigger function itself.
    create function report_workflow_rollups() returns trigger language plpgsql as $fn$
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
    end
    $fn$;

    create function report_answer_rollups_refresh() returns trigger language plpgsql as $fn$
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
    end
    $fn$;

    create function report_cycle_rollups_refresh() returns trigger language plpgsql as $fn$
    declare
      ws text;
      cycles text;
      stale record;
      changed text := case when TG_OP = 'DELETE' then 'old_cycles' else 'new_cycles' end;
    begin
      ws := format($q$
        select w.tenant_id, w.id, w.kind_id, w.status_id, w.region_id, w.business_unit_id, w.test_environment, s.sign
        from workflows w
        join (select distinct tenant_id, workflow_id from %s) x on w.tenant_id = x.tenant_id and w.id = x.workflow_id
        cross join (values (1), (-1)) s(sign)
        where w.archived_at is null
      $q$, changed);
      -- Each cycle row is its own figure: add the new rows, subtract the old.
      cycles := concat_ws(' union all ',
        case when TG_OP <> 'DELETE' then 'select tenant_id, workflow_id, step_group_tag, cycle_start, last_completed, running, 1 as sign from new_cycles' end,
        case when TG_OP <> 'INSERT' then 'select tenant_id, workflow_id, step_group_tag, cycle_start, last_completed, running, -1 as sign from old_cycles' end);
      for stale in execute report_cycle_rollup_sql(ws, cycles) loop
        perform report_cycle_extremes_refresh(stale.tenant_id, stale.kind_id, stale.status_id, stale.region_id,
          stale.business_unit_id, stale.test_environment, stale.shard, stale.step_group_tag, null);
      end loop;
      return null;
    end
    $fn$;

    -- A published definition's rolled-up fields. A field newly registered for a kind that already
    -- has workflows: that kind's answer rollups are rebuilt (answer writes wait meanwhile).
    create function report_rollup_fields_register() returns trigger language plpgsql
    -- A rebuild reads every workflow of the kind: hash joins (see the backfill below).
    set enable_nestloop = off as $fn$
    declare
      k record;
    begin
      for k in execute format($q$
        with added as (
          insert into report_rollup_fields (tenant_id, kind_id, field_tag, role)
          select * from (%s) f
          on conflict do nothing
          returning tenant_id, kind_id
        )
        select distinct tenant_id, kind_id from added a
        where exists (select 1 from workflows w where w.tenant_id = a.tenant_id and w.kind_id = a.kind_id)
      $q$, report_definition_fields('select tenant_id, kind_id, definition from new_definitions')) loop
        lock table workflow_responses in share mode;
        delete from report_answer_rollups where tenant_id = k.tenant_id and kind_id = k.kind_id;
        execute report_answer_rollup_sql(format(
          'select tenant_id, id, kind_id, status_id, region_id, business_unit_id, test_environment, 1 as sign '
          || 'from workflows where tenant_id = %s and kind_id = %s and archived_at is null', k.tenant_id, k.kind_id),
          null, true);
      end loop;
      return null;
    end
    $fn$;

    create trigger workflows_report_rollups_insert after insert on workflows
      referencing new table as new_workflows for each statement execute function report_workflow_rollups();
    create trigger workflows_report_rollups_update after update on workflows
      referencing old table as old_workflows new table as new_workflows
      for each statement execute function report_workflow_rollups();
    create trigger workflows_report_rollups_delete before delete on workflows
      for each row execute function report_workflow_rollups();
    create trigger workflow_responses_report_rollups_insert after insert on workflow_responses
      referencing new table as new_answers for each statement execute function report_answer_rollups_refresh();
    create trigger workflow_responses_report_rollups_update after update on workflow_responses
      referencing old table as old_answers new table as new_answers
      for each statement execute function report_answer_rollups_refresh();
    create trigger workflow_responses_report_rollups_delete after delete on workflow_responses
      referencing old table as old_answers for each statement execute function report_answer_rollups_refresh();
    create trigger workflow_step_group_cycles_report_rollups_insert after insert on workflow_step_group_cycles
      referencing new table as new_cycles for each statement execute function report_cycle_rollups_refresh();
    create trigger workflow_step_group_cycles_report_rollups_update after update on workflow_step_group_cycles
      referencing old table as old_cycles new table as new_cycles
      for each statement execute function report_cycle_rollups_refresh();
    create trigger workflow_step_group_cycles_report_rollups_delete after delete on workflow_step_group_cycles
      referencing old table as old_cycles for each statement execute function report_cycle_rollups_refresh();
    create trigger workflow_definitions_report_rollup_fields after insert on workflow_definitions
      referencing new table as new_definitions for each statement execute function report_rollup_fields_register();
  `.execute(db);
  for (const [table, trigger] of TRIGGERS) {
    await sql`alter table ${sql.table(table)} enable always trigger ${sql.id(trigger)}`.execute(db);
  }

  // The backfill, from the rows there are: one pass per rollup (at 1M workflows and 16M answers,
  // docs/reports-engine.md gives the time), with memory enough for the groupings to hash.
  // Hash joins only: the statements are written for a trigger's few rows, where nested loops over
  // indexes are right; over every workflow they are not (a nested loop of the answer pairs over
  // millions of rows never ends), and the new tables have no statistics yet to tell the planner.
  await sql`
    do $do$
    declare
      ws constant text := 'select tenant_id, id, kind_id, status_id, region_id, business_unit_id, '
        || 'test_environment, created_at, 1 as sign from workflows where archived_at is null';
      nestloop constant text := current_setting('enable_nestloop');
      memory constant text := current_setting('work_mem');
    begin
      perform set_config('work_mem', '256MB', true);
      perform set_config('enable_nestloop', 'off', true);
      execute 'insert into report_rollup_fields (tenant_id, kind_id, field_tag, role) '
        || report_definition_fields('select tenant_id, kind_id, definition from workflow_definitions');
      analyze report_rollup_fields;
      execute report_counts_sql(ws);
      execute report_answer_rollup_sql(ws, null, true);
      execute report_cycle_rollup_sql(ws, null);
      perform set_config('enable_nestloop', nestloop, true);
      perform set_config('work_mem', memory, true);
    end
    $do$;
    analyze report_workflow_counts;
    analyze report_answer_rollups;
    analyze report_cycle_rollups;
  `.execute(db);
}

const TRIGGERS: [string, string][] = [
  ['workflows', 'workflows_report_rollups_insert'],
  ['workflows', 'workflows_report_rollups_update'],
  ['workflows', 'workflows_report_rollups_delete'],
  ['workflow_responses', 'workflow_responses_report_rollups_insert'],
  ['workflow_responses', 'workflow_responses_report_rollups_update'],
  ['workflow_responses', 'workflow_responses_report_rollups_delete'],
  ['workflow_step_group_cycles', 'workflow_step_group_cycles_report_rollups_insert'],
  ['workflow_step_group_cycles', 'workflow_step_group_cycles_report_rollups_update'],
  ['workflow_step_group_cycles', 'workflow_step_group_cycles_report_rollups_delete'],
  ['workflow_definitions', 'workflow_definitions_report_rollup_fields'],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, trigger] of TRIGGERS) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
  await sql`
    drop function report_rollup_fields_register();
    drop function report_cycle_rollups_refresh();
    drop function report_answer_rollups_refresh();
    drop function report_workflow_rollups();
    drop function report_counts_sql(text);
    drop function report_cycle_extremes_refresh(bigint, bigint, bigint, bigint, bigint, text, smallint, text, bigint);
    drop function report_cycle_rollup_sql(text, text);
    drop function report_answer_rollup_sql(text, text, boolean);
    drop function report_definition_fields(text);
    drop function report_rollup_role(text);
    drop table report_cycle_rollups;
    drop table report_answer_rollups;
    drop table report_workflow_counts;
    drop table report_rollup_fields;
  `.execute(db);
}
