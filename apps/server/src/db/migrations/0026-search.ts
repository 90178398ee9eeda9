import { type Kysely, sql } from 'kysely';

// Issue 16, global search (docs/search.md). Row-level security keeps the planner from using a
// trigram index for `lower(x) like '%word%'`: LIKE is not LEAKPROOF, so it is never evaluated before
// the tenant policy, and at a million workflows every search read the tenant's whole table.
//
// search_workflow_matches runs as its owner (the migrating role), which the policies do not hold back
// when it is a superuser (embedded mode) or has BYPASSRLS, so the trigram indexes serve LIKE. It
// enforces what the policies would itself: the tenant is read from app.tenant_id (never a parameter;
// unset = no rows), and every branch names it. The person's region and business-unit grants narrow
// the matches before they are capped, so counts are the person's. It returns ids only; the caller
// joins them to `workflows` under row-level security and visibleWorkflowsFilter, so the policy and
// the visibility rule apply a second time. With an owner that row-level security does apply to, the
// answers are the same, only slower.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A trigram index over millions of answers builds far faster with more memory than the default
    -- 64 MB (transaction-local: only this migration).
    set local maintenance_work_mem = '256MB';
    -- Current text answers and live comments, as the name already is (workflows_name_trgm_idx).
    create index workflow_responses_text_trgm_idx on workflow_responses
      using gin (lower(text_value) gin_trgm_ops) where is_current and text_value is not null;
    create index messages_body_trgm_idx on messages
      using gin (lower(body) gin_trgm_ops) where deleted_at is null;

    -- The planner's estimate of lower(x) like '%word%' decides between the trigram index (a rare
    -- word) and a scan that stops at the cap (a common one: building the bitmap of 200,000 matching
    -- answers took 90 ms, a scan stopping at the cap under 30). Partial indexes give it no statistics on the
    -- expression; these do.
    create statistics workflow_responses_text_lower_stats on (lower(text_value)) from workflow_responses;
    create statistics messages_body_lower_stats on (lower(body)) from messages;
    create statistics workflows_name_lower_stats on (lower(name)) from workflows;
    analyze workflows, workflow_responses, messages;

    -- source: 0 id, 1 name, 2 answer (ref_id = workflow_responses.id), 3 comment (ref_id = messages.id).
    -- Each source returns at most p_cap rows, and none after a source that reached it. p_phrase is
    -- lower case, matched as a substring (its % _ and \\ are plain characters); null searches the id
    -- only. Each query is run by EXECUTE ... USING so that it is planned with the call's values: a
    -- generic plan knows neither the pattern nor the grants and reads the tenant's whole table.
    -- How a source is read: a common phrase (the planner, asked by an EXPLAIN of the bare LIKE with the
    -- statistics above, expects it to fill the cap twice over within the probe) is probed newest first
    -- by an ordinary btree (workflows by updated_at, answers and comments by id), reading at most
    -- 40 x p_cap rows: it fills the cap after a few thousand rows and stops, newest first (the
    -- ranking's own order). A rare one, or a probe that did not fill the cap, goes through the trigram
    -- index: a small bitmap (a bitmap of every match of a common word, 99,670 names for 'logistics'
    -- at the bench seed, cost 240 ms). Counts stay exact up to p_cap; no source is read whole.
    create function search_workflow_matches(
      p_phrase text,
      p_workflow_id bigint,
      p_kind_id bigint,
      p_region_ids bigint[],
      p_unit_ids bigint[],
      p_cap integer
    ) returns table (workflow_id bigint, source smallint, ref_id bigint)
    -- volatile: PostgreSQL allows no EXPLAIN (the probe of how common a phrase is) in a stable
    -- function. It writes nothing.
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
    -- The dashboard's "name contains" (spec 1 §7 q, list-where.ts): every workflow of the tenant whose
    -- name holds p_phrase (lower case, a substring), archived and test ones too; the list's own
    -- conditions, the policy and visibleWorkflowsFilter apply to them outside.
    create function search_workflow_names(p_phrase text) returns setof bigint
    language plpgsql stable security definer
    set search_path = pg_catalog, public
    rows 1000
    as $fn$
    declare
      v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
      v_pattern text := '%' || replace(replace(replace(p_phrase, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
    begin
      if v_tenant is null or p_phrase is null then
        return;
      end if;
      return query execute 'select w.id from workflows w where w.tenant_id = $1 and lower(w.name) like $2'
        using v_tenant, v_pattern;
    end
    $fn$;

    -- Only the application role (granted by grantAppRole, migrate.ts) may call them.
    revoke all on function search_workflow_matches(text, bigint, bigint, bigint[], bigint[], integer) from public;
    revoke all on function search_workflow_names(text) from public;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop statistics workflow_responses_text_lower_stats, messages_body_lower_stats, workflows_name_lower_stats;
    drop function search_workflow_names(text);
    drop function search_workflow_matches(text, bigint, bigint, bigint[], bigint[], integer);
    drop index messages_body_trgm_idx;
    drop index workflow_responses_text_trgm_idx;
  `.execute(db);
}
