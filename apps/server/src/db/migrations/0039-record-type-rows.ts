import { type Kysely, sql } from 'kysely';

// Issue 18, honest record counts with many tenants. Under row-level security every statement of the
// app carries the policy's `tenant_id = current_setting(...)`, a value the planner cannot know: it
// takes it as 1 / (tenants with records) of the table, on top of the type's own frequency, which
// already names one tenant. With ten tenants holding records every estimate was ten times low.
// record_type_rows answers the planner's estimate of a type's live records as the table's owner (no
// policy): the list divides its estimates by the app's estimate of the same rows, so the policy's
// share cancels out. An estimate only (a planner's number, never a count); the type must belong to
// the tenant in app.tenant_id (unset or another tenant's type = null).
//
// A type and a place both name one tenant, so the planner, taking them as independent, multiplied
// two shares of the whole table: Europe's 25,000 of a type's 50,000 records, with another tenant's
// 30,000 in the table, was estimated 15,625. Multivariate statistics on the type and the place give
// their joint frequencies.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function record_type_rows(p_object_type_id bigint) returns float8
    language plpgsql volatile security definer
    set search_path = pg_catalog, public
    as $fn$
    declare
      v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
      v_plan json;
    begin
      if v_tenant is null or not exists (
        select 1 from object_types t where t.tenant_id = v_tenant and t.id = p_object_type_id
      ) then
        return null;
      end if;
      execute 'explain (format json) select 1 from records x where x.object_type_id = $1 and x.archived_at is null'
        into v_plan using p_object_type_id;
      return (v_plan->0->'Plan'->>'Plan Rows')::float8;
    end
    $fn$;
    revoke all on function record_type_rows(bigint) from public;

    create statistics if not exists records_type_place_stats (dependencies, mcv)
      on object_type_id, region_id, business_unit_id from records;
    analyze records;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop statistics if exists records_type_place_stats;
    drop function record_type_rows(bigint);
  `.execute(db);
}
