import { type Kysely, sql } from 'kysely';

// Issue 17, answer filters at index speed (bench/RESULTS.md, issue 17). Under row-level security the
// answer indexes were used (every operator of an answer condition is LEAKPROOF since 0011); the plans
// went wrong on the planner's estimates. It took a field's tag and its value as independent, but a
// value belongs to its field (only annual spend holds amounts of 100,000, only country holds 'DE'),
// so every answer condition was estimated about 17 times low at 1M workflows (spend 100k-250k: 7,795
// answers for 130,262; the same for text equality and date ranges), and two of them together 300
// times low (spend and country 'DE': 40 workflows for 7,713). Taking a few dozen matches for granted,
// the page read all 59,207 German suppliers' workflows and sorted them (1.7 s) instead of walking the
// newest workflows and stopping at the page (a few ms); counts above the exact limit were estimated
// just as low. Multivariate MCV lists on (field_tag, value) give the planner each field's own values:
// with a target of 2,500 they hold the categorical answers, every contract-start day and the common
// amounts of a field (ANALYZE then samples 750,000 answers).
//
// The business unit + created range list (kind, unit, quarter) gets an index in its own order with
// what visibility reads (region_id), so its count is an index-only scan and its page reads its rows.
// Matches found from an answer index are checked against their workflow (live, Production, kind,
// visible) one by one: workflows_live_probe_idx holds what that check reads, so each is an
// index-only probe of a 64 MB index instead of a heap page of the 430 MB table (a capped count of
// 10,001 matches read 15,185 heap pages from outside shared buffers; now none).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create statistics if not exists workflow_responses_field_text_stats (mcv)
      on field_tag, text_value from workflow_responses;
    create statistics if not exists workflow_responses_field_number_stats (mcv)
      on field_tag, number_value from workflow_responses;
    create statistics if not exists workflow_responses_field_date_stats (mcv)
      on field_tag, date_value from workflow_responses;
    alter statistics workflow_responses_field_text_stats set statistics 2500;
    alter statistics workflow_responses_field_number_stats set statistics 2500;
    alter statistics workflow_responses_field_date_stats set statistics 2500;

    create index if not exists workflows_kind_unit_created_idx
      on workflows (tenant_id, kind_id, business_unit_id, created_at desc, id desc) include (region_id)
      where archived_at is null and test_environment is null;
    create index if not exists workflows_live_probe_idx
      on workflows (tenant_id, id) include (kind_id, region_id, business_unit_id, created_at)
      where archived_at is null and test_environment is null;

    analyze workflow_responses;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists workflows_kind_unit_created_idx, workflows_live_probe_idx;
    drop statistics if exists workflow_responses_field_text_stats, workflow_responses_field_number_stats,
      workflow_responses_field_date_stats;
  `.execute(db);
}
