import { type Kysely, sql } from 'kysely';

// Issue 18, the records list at 1,000,000 records (bench/RESULTS.md): counts above the exact limit
// are the planner's estimate (cappedCount), so it must see a field's own values. It took a field's
// tag and its value as independent, as for workflow answers before 0028: country = 'DE' (50,000 of
// 1,000,000 suppliers) was estimated 8,392, so the list counted 10,001 matches one by one (36 ms,
// 40,000 buffers) and still answered 10,001. Multivariate MCV lists on (type, field, value) hold
// each type's categorical values. The title search's estimate (lower(title) like, expression
// statistics of 0034) samples more titles, so a word in 1 title of 40 is estimated within a few per
// cent rather than from 100 histogram entries, where the planner may read them (the table's owner).
//
// The title search (q) as the workflow list's name search (0032): under row-level security LIKE is
// not leakproof, so the planner estimates it without statistics (a fixed 0.16 %: 1,599 for the
// 25,000 titles of 1,000,000 holding 'north'), and search_record_titles (0034) returns every match,
// so a common word made the page probe and sort 25,000 records (246 ms) and the count read 10,001 of
// them to answer "more than 10,000". record_title_share says how common the phrase is, for the list
// to walk its own order for a common one and estimate its count from the share.
// - common: the planner's estimate from the statistics (as owner) puts the phrase in at least 2,000
//   titles of the type. It only chooses how the list reads; results are the same either way.
// - type_share: the share of the type's live records in the tenant whose title holds the phrase, from
//   a 3 % page sample (repeatable); null when not common or fewer than 5,000 of the type's live
//   records are sampled. The tenant is read from app.tenant_id (never a parameter; unset = no answer).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function record_title_share(p_phrase text, p_object_type_id bigint)
      returns table (common boolean, type_share float8)
    language plpgsql volatile security definer
    set search_path = pg_catalog, public
    as $fn$
    declare
      v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
      v_pattern text := '%' || replace(replace(replace(p_phrase, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
      v_plan json;
      v_sampled bigint;
      v_found bigint;
    begin
      if v_tenant is null or p_phrase is null then
        return;
      end if;
      execute 'explain (format json) select 1 from records x where x.object_type_id = $2 and lower(x.title) like $1'
        into v_plan using v_pattern, p_object_type_id;
      if v_plan->0->'Plan'->>'Plan Rows' is null or (v_plan->0->'Plan'->>'Plan Rows')::float8 < 2000 then
        return query select false, null::float8;
        return;
      end if;
      execute 'select count(*), count(*) filter (where lower(r.title) like $3)
        from records r tablesample system (3) repeatable (17)
        where r.tenant_id = $1 and r.object_type_id = $2 and r.archived_at is null'
        into v_sampled, v_found using v_tenant, p_object_type_id, v_pattern;
      return query select true, case when v_sampled >= 5000 then v_found::float8 / v_sampled end;
    end
    $fn$;
    revoke all on function record_title_share(text, bigint) from public;

    create statistics if not exists record_values_field_text_stats (mcv)
      on object_type_id, field_tag, text_value from record_values;
    create statistics if not exists record_values_field_number_stats (mcv)
      on object_type_id, field_tag, number_value from record_values;
    create statistics if not exists record_values_field_date_stats (mcv)
      on object_type_id, field_tag, date_value from record_values;
    alter statistics record_values_field_text_stats set statistics 1000;
    alter statistics record_values_field_number_stats set statistics 1000;
    alter statistics record_values_field_date_stats set statistics 1000;
    alter statistics records_title_lower_stats set statistics 1000;
    analyze records;
    analyze record_values;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function record_title_share(text, bigint);
    alter statistics records_title_lower_stats set statistics -1;
    drop statistics if exists record_values_field_text_stats, record_values_field_number_stats,
      record_values_field_date_stats;
  `.execute(db);
}
