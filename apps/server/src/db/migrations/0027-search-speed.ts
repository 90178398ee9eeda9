import { type Kysely, sql } from 'kysely';

// Issue 16, search at a million workflows (docs/search.md "Speed"). Migration 0026's function read a
// common word through its trigram index: a bitmap of every match (99,670 names hold 'logistics' at
// the bench seed) or a scan from the table's oldest pages was run before its LIMIT applied. Now each
// source asks the planner first how common the phrase is (the expression statistics of 0026, by an
// EXPLAIN of the bare LIKE: well under a millisecond). A common one (expected to fill the cap twice
// over within the probe) is probed newest first by an ordinary btree (workflows by updated_at,
// answers and comments by id), reading at most 40 x p_cap rows: it fills the cap after a few
// thousand rows and stops there, newest first (the ranking's own order). A rare one, or a probe that
// did not fill the cap (which proves nothing about the rows it did not read), goes through the
// trigram index as before: a small bitmap. Counts stay exact up to p_cap; no source is read whole.
//
// Same signature, owner, grants and rules as 0026 (tenant from app.tenant_id only, every branch
// names it, the person's grants and "live" before the cap, ids only); `create or replace` keeps the
// application role's execute grant.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_workflow_matches(
      p_phrase text,
      p_workflow_id bigint,
      p_kind_id bigint,
      p_region_ids bigint[],
      p_unit_ids bigint[],
      p_cap integer
    ) returns table (workflow_id bigint, source smallint, ref_id bigint)
    -- volatile, not stable as in 0026: PostgreSQL allows no EXPLAIN in a non-volatile function. It
    -- writes nothing; called once per search in a FROM clause, the difference is only that.
    language plpgsql volatile security definer
    set search_path = pg_catalog, public
    as $fn$
    declare
      -- Never a parameter: the caller's own tenant, as the policies read it.
      v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
      v_pattern text := '%' || replace(replace(replace(p_phrase, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
      -- What every branch asks of the workflow: the tenant, live, the kind, the person's grants.
      v_workflow text := $w$ w.tenant_id = $1 and w.archived_at is null and w.test_environment is null
        and ($4 is null or w.kind_id = $4)
        and (w.region_id = any ($5) or w.business_unit_id = any ($6)) $w$;
      -- How many of a source's newest rows a probe reads at most.
      v_probe integer := p_cap * 40;
      v_plan json;
      v_ids bigint[];
      v_refs bigint[];
      v_found bigint;
    begin
      if v_tenant is null then
        return;
      end if;
      if p_workflow_id is not null then
        return query execute
          'select w.id, 0::smallint, null::bigint from workflows w where w.id = $3 and ' || v_workflow
          using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap;
      end if;
      if p_phrase is null then
        return;
      end if;

      -- Names. The probe reads the newest updated live workflows (workflows_updated_idx, or
      -- workflows_kind_updated_idx with a kind) and only then tests the name and the grants.
      execute 'explain (format json) select 1 from workflows x where lower(x.name) like $1'
        into v_plan using v_pattern;
      if v_plan->0->'Plan'->>'Plan Rows' is not null and (select c.reltuples from pg_class c where c.oid = 'workflows'::regclass) > 0
        and (v_plan->0->'Plan'->>'Plan Rows')::float8 * v_probe
          >= 2 * p_cap * (select c.reltuples from pg_class c where c.oid = 'workflows'::regclass) then
      execute 'select array(select w.id from (
          select w.* from workflows w
          where w.tenant_id = $1 and w.archived_at is null and ($4 is null or w.kind_id = $4)
          order by w.updated_at desc, w.id desc limit $8) w
        where lower(w.name) like $2 and ' || v_workflow || ' limit $7)'
        into v_ids
        using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap, v_probe;
      if cardinality(v_ids) >= p_cap then
        -- Best source first; once one fills the cap the lower ones cannot change what is shown (the
        -- limit is below the cap) and the counts are lower bounds anyway, so they are not read.
        return query select i, 1::smallint, null::bigint from unnest(v_ids) as i;
        return;
      end if;
      end if;
      return query execute
        'select w.id, 1::smallint, null::bigint from workflows w
          where lower(w.name) like $2 and ' || v_workflow || ' limit $7'
        using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap;
      get diagnostics v_found = row_count;
      if v_found >= p_cap then
        return;
      end if;

      -- Current text answers: the newest answers first (workflow_responses_pkey backwards).
      execute 'explain (format json) select 1 from workflow_responses x where lower(x.text_value) like $1'
        into v_plan using v_pattern;
      if v_plan->0->'Plan'->>'Plan Rows' is not null and (select c.reltuples from pg_class c where c.oid = 'workflow_responses'::regclass) > 0
        and (v_plan->0->'Plan'->>'Plan Rows')::float8 * v_probe
          >= 2 * p_cap * (select c.reltuples from pg_class c where c.oid = 'workflow_responses'::regclass) then
      execute 'select array_agg(x.workflow_id), array_agg(x.id) from (
          select r.workflow_id, r.id from (
            select r.id, r.workflow_id, r.text_value from workflow_responses r
            where r.tenant_id = $1 and r.is_current and r.text_value is not null
            order by r.id desc limit $8) r
          join workflows w on w.tenant_id = $1 and w.id = r.workflow_id
          where lower(r.text_value) like $2 and ' || v_workflow || ' limit $7) x'
        into v_ids, v_refs
        using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap, v_probe;
      if coalesce(cardinality(v_ids), 0) >= p_cap then
        return query select a.i, 2::smallint, a.r from unnest(v_ids, v_refs) as a (i, r);
        return;
      end if;
      end if;
      return query execute
        'select r.workflow_id, 2::smallint, r.id
          from workflow_responses r join workflows w on w.tenant_id = r.tenant_id and w.id = r.workflow_id
          where r.tenant_id = $1 and r.is_current and r.text_value is not null
            and lower(r.text_value) like $2 and ' || v_workflow || ' limit $7'
        using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap;
      get diagnostics v_found = row_count;
      if v_found >= p_cap then
        return;
      end if;

      -- Comments not deleted: the newest messages first (messages_pkey backwards).
      execute 'explain (format json) select 1 from messages x where lower(x.body) like $1'
        into v_plan using v_pattern;
      if v_plan->0->'Plan'->>'Plan Rows' is not null and (select c.reltuples from pg_class c where c.oid = 'messages'::regclass) > 0
        and (v_plan->0->'Plan'->>'Plan Rows')::float8 * v_probe
          >= 2 * p_cap * (select c.reltuples from pg_class c where c.oid = 'messages'::regclass) then
      execute 'select array_agg(x.workflow_id), array_agg(x.id) from (
          select t.workflow_id, m.id from (
            select m.id, m.thread_id, m.body from messages m
            where m.tenant_id = $1 and m.deleted_at is null
            order by m.id desc limit $8) m
          join threads t on t.tenant_id = $1 and t.id = m.thread_id
          join workflows w on w.tenant_id = $1 and w.id = t.workflow_id
          where lower(m.body) like $2 and ' || v_workflow || ' limit $7) x'
        into v_ids, v_refs
        using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap, v_probe;
      if coalesce(cardinality(v_ids), 0) >= p_cap then
        return query select a.i, 3::smallint, a.r from unnest(v_ids, v_refs) as a (i, r);
        return;
      end if;
      end if;
      return query execute
        'select t.workflow_id, 3::smallint, m.id
          from messages m
          join threads t on t.tenant_id = m.tenant_id and t.id = m.thread_id
          join workflows w on w.tenant_id = t.tenant_id and w.id = t.workflow_id
          where m.tenant_id = $1 and m.deleted_at is null and lower(m.body) like $2
            and ' || v_workflow || ' limit $7'
        using v_tenant, v_pattern, p_workflow_id, p_kind_id, p_region_ids, p_unit_ids, p_cap;
    end
    $fn$;
  `.execute(db);
}

// Nothing to undo for correctness: 0026's body gave the same answers, only slower for a common word.
// Rolling 0026 back drops the function itself.
export async function down(_db: Kysely<unknown>): Promise<void> {}
