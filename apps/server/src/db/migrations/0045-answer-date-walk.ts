import { type Kysely, sql } from 'kysely';

// Issue 17, a date answer in a range listed newest first (advanced: contract start in one quarter).
// The list walked the newest workflows and probed each one's answer: contract starts follow their
// workflow's creation, so the quarter's matches lay 53,000 workflows down the walk (186 ms at 1M,
// 11 req/s); reading every match from the date index and sorting them was no better (81,779 probes).
//
// workflow_answer_days holds each current date answer with its workflow's creation time, indexed so
// that one day's answers are in the list's order: a page of a range reads each day's newest matches
// and merges them (answer-day-walk.ts), about the page's rows per day whatever the range's matches.
// A table of its own rather than a column of workflow_responses: filling a column would rewrite a
// million rows of a 10 GB table and all its indexes on deploy (over 15 minutes at 1M, answers
// locked); this fills from the date index in seconds. workflows.created_at never changes after
// insert, so the copy never goes stale.
//
// How it stays exact: statement triggers on workflow_responses rewrite the rows of the answers a
// statement inserted, changed or deleted (a new version, is_current cleared, a workflow deleted),
// from the current answers; a deleted workflow's rows go with it (foreign key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow_answer_days (
      tenant_id bigint not null,
      workflow_id bigint not null,
      field_tag text not null,
      date_value date not null,
      workflow_created_at timestamptz not null,
      primary key (tenant_id, workflow_id, field_tag),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
    create index workflow_answer_days_walk_idx on workflow_answer_days
      (tenant_id, field_tag, date_value, workflow_created_at desc, workflow_id desc);

    alter table workflow_answer_days enable row level security;
    alter table workflow_answer_days force row level security;
    create policy tenant_isolation on workflow_answer_days
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);

    insert into workflow_answer_days (tenant_id, workflow_id, field_tag, date_value, workflow_created_at)
    select r.tenant_id, r.workflow_id, r.field_tag, r.date_value, w.created_at
    from workflow_responses r join workflows w on w.tenant_id = r.tenant_id and w.id = r.workflow_id
    where r.is_current and r.date_value is not null;
    analyze workflow_answer_days;

    -- Rewrites the rows of the answers named (three parallel arrays) from the current answers.
    create function refresh_workflow_answer_days(tenants bigint[], workflow_ids bigint[], field_tags text[])
    returns void language sql as $fn$
      delete from workflow_answer_days d
      using unnest(tenants, workflow_ids, field_tags) as k (tenant_id, workflow_id, field_tag)
      where d.tenant_id = k.tenant_id and d.workflow_id = k.workflow_id and d.field_tag = k.field_tag;
      insert into workflow_answer_days (tenant_id, workflow_id, field_tag, date_value, workflow_created_at)
      select r.tenant_id, r.workflow_id, r.field_tag, r.date_value, w.created_at
      from (select distinct * from unnest(tenants, workflow_ids, field_tags) as k (tenant_id, workflow_id, field_tag)) k
      join workflow_responses r on r.tenant_id = k.tenant_id and r.workflow_id = k.workflow_id
        and r.field_tag = k.field_tag and r.is_current
      join workflows w on w.tenant_id = r.tenant_id and w.id = r.workflow_id
      where r.date_value is not null;
    $fn$;

    -- Only statements that touch a date answer do any work: an answer that is or was a date.
    create function workflow_answer_days_changed() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        perform refresh_workflow_answer_days(array_agg(tenant_id), array_agg(workflow_id), array_agg(field_tag))
        from new_answers where date_value is not null having count(*) > 0;
      elsif tg_op = 'UPDATE' then
        perform refresh_workflow_answer_days(array_agg(o.tenant_id), array_agg(o.workflow_id), array_agg(o.field_tag))
        from old_answers o join new_answers n on n.tenant_id = o.tenant_id and n.id = o.id
        where (o.date_value is not null or n.date_value is not null)
          and (o.is_current is distinct from n.is_current or o.date_value is distinct from n.date_value)
        having count(*) > 0;
      else
        perform refresh_workflow_answer_days(array_agg(tenant_id), array_agg(workflow_id), array_agg(field_tag))
        from old_answers where date_value is not null and is_current having count(*) > 0;
      end if;
      return null;
    end
    $fn$;
    create trigger workflow_responses_answer_days_insert after insert on workflow_responses
      referencing new table as new_answers for each statement execute function workflow_answer_days_changed();
    create trigger workflow_responses_answer_days_update after update on workflow_responses
      referencing old table as old_answers new table as new_answers
      for each statement execute function workflow_answer_days_changed();
    create trigger workflow_responses_answer_days_delete after delete on workflow_responses
      referencing old table as old_answers for each statement execute function workflow_answer_days_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger workflow_responses_answer_days_insert on workflow_responses;
    drop trigger workflow_responses_answer_days_update on workflow_responses;
    drop trigger workflow_responses_answer_days_delete on workflow_responses;
    drop function workflow_answer_days_changed();
    drop function refresh_workflow_answer_days(bigint[], bigint[], text[]);
    drop table workflow_answer_days;
  `.execute(db);
}
