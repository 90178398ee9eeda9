import { type Kysely, sql } from 'kysely';

// Issue 17, the list's name search (q, docs/workflow-list.md). search_workflow_names (0026) returns
// every match, so a common word ('north', 1 name in 40) made the page probe and sort ~25,000 rows
// and the count read 10,001 of them to answer "more than 10,000". The list asks this function first
// how common the phrase is, and for a common one walks its newest rows testing the name (a page
// costs ~ its rows / the share) and estimates the count from the share; a rare one keeps 0026.
//
// Security definer for the same reason as 0026: under row-level security the planner neither uses
// the trigram index nor, LIKE not being leakproof, the name statistics. The tenant is read from
// app.tenant_id (never a parameter; unset = no answer).
// - common: the planner's estimate from the statistics (all tenants, as 0026's probe decides) puts the
//   phrase in at least 2,000 names. It only chooses how the list reads; results are the same either way.
// - tenant_share: the share of the tenant's own workflows (archived and test ones too) whose name holds
//   the phrase, from a 2 % page sample of workflows (repeatable: the same answer for the same data);
//   null when the phrase is not common or the sample holds fewer than 5,000 of the tenant's rows, so a
//   count is never estimated from other tenants' names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function workflow_name_share(p_phrase text)
      returns table (common boolean, tenant_share float8)
    language plpgsql volatile security definer
    set search_path = pg_catalog, public
    as $fn$
    declare
      v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
      v_pattern text := '%' || replace(replace(replace(p_phrase, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
      v_total float8;
      v_plan json;
      v_sampled bigint;
      v_found bigint;
    begin
      if v_tenant is null or p_phrase is null then
        return;
      end if;
      select c.reltuples into v_total from pg_class c where c.oid = 'workflows'::regclass;
      execute 'explain (format json) select 1 from workflows x where lower(x.name) like $1'
        into v_plan using v_pattern;
      if v_total is null or v_total <= 0 or v_plan->0->'Plan'->>'Plan Rows' is null
        or (v_plan->0->'Plan'->>'Plan Rows')::float8 < 2000 then
        return query select false, null::float8;
        return;
      end if;
      execute 'select count(*), count(*) filter (where lower(w.name) like $2)
        from workflows w tablesample system (2) repeatable (17) where w.tenant_id = $1'
        into v_sampled, v_found using v_tenant, v_pattern;
      return query select true, case when v_sampled >= 5000 then v_found::float8 / v_sampled end;
    end
    $fn$;
    revoke all on function workflow_name_share(text) from public;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function workflow_name_share(text)`.execute(db);
}
