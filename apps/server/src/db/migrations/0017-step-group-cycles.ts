import { type Kysely, sql } from 'kysely';

// Issue 7, step-group cycle times at 1M workflows (bench/RESULTS.md "Reports at 1M workflows"). A
// step group's cycle (its first step's opening, its last completion, whether a step is open) was
// folded from workflow_steps at read time: 7M step rows for a report over three groups, 17 to 24 s.
// This table keeps the fold, one row per workflow and step group, so a report joins it like an
// answer.
//
// How it stays exact: statement triggers on workflow_steps recompute, from workflow_steps itself and
// in the same transaction, the row of every (workflow, step group) the statement inserted, updated or
// deleted: whatever writes the steps (the materialiser, a bulk insert, a cascade from a deleted
// workflow), the fold is the fold of the rows that are there. They are ENABLE ALWAYS, so they also
// run for a session in replica mode (the 1M bench seed copies steps that way).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow_step_group_cycles (
      tenant_id bigint not null,
      workflow_id bigint not null,
      step_group_tag text not null,
      -- min(initiated_at), max(completed_at), bool_or(state = 'enabled') over the group's steps.
      cycle_start timestamptz,
      last_completed timestamptz,
      running boolean not null,
      -- A report reads one group's rows, the whole row from the index (index-only scans).
      primary key (tenant_id, step_group_tag, workflow_id) include (cycle_start, last_completed, running)
    );
    alter table workflow_step_group_cycles enable row level security;
    alter table workflow_step_group_cycles force row level security;
    create policy tenant_isolation on workflow_step_group_cycles
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);

    create function refresh_step_group_cycles() returns trigger language plpgsql as $fn$
    begin
      delete from workflow_step_group_cycles c
      using (select distinct tenant_id, workflow_id, step_group_tag from changed_steps) t
      where c.tenant_id = t.tenant_id and c.step_group_tag = t.step_group_tag and c.workflow_id = t.workflow_id;
      insert into workflow_step_group_cycles (tenant_id, workflow_id, step_group_tag, cycle_start, last_completed, running)
      select s.tenant_id, s.workflow_id, s.step_group_tag, min(s.initiated_at), max(s.completed_at),
        bool_or(s.state = 'enabled')
      from workflow_steps s
      join (select distinct tenant_id, workflow_id, step_group_tag from changed_steps) t
        on s.tenant_id = t.tenant_id and s.workflow_id = t.workflow_id and s.step_group_tag = t.step_group_tag
      group by s.tenant_id, s.workflow_id, s.step_group_tag;
      return null;
    end
    $fn$;
    -- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
    create trigger workflow_steps_group_cycles_insert after insert on workflow_steps
      referencing new table as changed_steps for each statement execute function refresh_step_group_cycles();
    create trigger workflow_steps_group_cycles_update after update on workflow_steps
      referencing new table as changed_steps for each statement execute function refresh_step_group_cycles();
    create trigger workflow_steps_group_cycles_delete after delete on workflow_steps
      referencing old table as changed_steps for each statement execute function refresh_step_group_cycles();
    alter table workflow_steps enable always trigger workflow_steps_group_cycles_insert;
    alter table workflow_steps enable always trigger workflow_steps_group_cycles_update;
    alter table workflow_steps enable always trigger workflow_steps_group_cycles_delete;

    insert into workflow_step_group_cycles (tenant_id, workflow_id, step_group_tag, cycle_start, last_completed, running)
    select tenant_id, workflow_id, step_group_tag, min(initiated_at), max(completed_at), bool_or(state = 'enabled')
    from workflow_steps
    group by tenant_id, workflow_id, step_group_tag;
    analyze workflow_step_group_cycles;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger workflow_steps_group_cycles_insert on workflow_steps;
    drop trigger workflow_steps_group_cycles_update on workflow_steps;
    drop trigger workflow_steps_group_cycles_delete on workflow_steps;
    drop function refresh_step_group_cycles();
    drop table workflow_step_group_cycles;
  `.execute(db);
}
