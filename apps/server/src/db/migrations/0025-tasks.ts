import { type Kysely, sql } from 'kysely';

// Issue 16, the task inbox (docs/tasks.md). "My tasks" joined workflow_step_users, workflow_steps and
// workflows at read time: at 1M workflows one request took 13.6 s. These tables keep what the inbox
// reads:
// - open_tasks: one row per open step of a live workflow (not archived, not a test workflow) and
//   assignee (a user or a group), plus one row with both assignee columns null for an open step nobody
//   holds. It copies the workflow's kind, region and business unit so that a tab's page, its
//   visibility and its filters are read from one index sorted by due date;
// - task_delegations: while a person is away their tasks show to a delegate (a date range);
// - task_follow_ups: the follow-up date a person sets on a task.
//
// How open_tasks stays exact: statement triggers on workflow_steps, workflow_step_users and workflows
// recompute, in the same transaction and from those tables themselves, the rows of every step a
// statement touched (as migration 0017 keeps workflow_step_group_cycles). Whatever writes them (the
// engine, claims, a bulk insert, a cascade from a deleted workflow) the table is the fold of the rows
// that are there. They are ENABLE ALWAYS, so they also run in replica mode (the 1M bench seed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table open_tasks (
      tenant_id bigint not null,
      workflow_id bigint not null,
      step_tag text not null,
      step_group_tag text not null,
      assignee_user_id bigint,
      assignee_group_id bigint,
      -- Exactly one row of each open step is its step row: the "all" tab lists steps, not assignees.
      is_step_row boolean not null,
      kind_id bigint not null,
      region_id bigint not null,
      business_unit_id bigint,
      opened_at timestamptz,
      -- The step's sla_breach_at: its due date.
      due_at timestamptz,
      check (assignee_user_id is null or assignee_group_id is null)
    );
    -- The triggers' delete, and the batched row extras of a page.
    create index open_tasks_step_idx on open_tasks (tenant_id, workflow_id, step_tag);
    -- One index per tab, in due order (nulls last, as the list sorts them) with the page's key.
    create index open_tasks_user_due_idx on open_tasks (tenant_id, assignee_user_id, due_at, workflow_id, step_tag)
      where assignee_user_id is not null;
    create index open_tasks_group_due_idx on open_tasks (tenant_id, assignee_group_id, due_at, workflow_id, step_tag)
      where assignee_group_id is not null;
    create index open_tasks_all_due_idx on open_tasks (tenant_id, due_at, workflow_id, step_tag)
      where is_step_row;
    create index open_tasks_all_opened_idx on open_tasks (tenant_id, opened_at, workflow_id, step_tag)
      where is_step_row;
    -- A step's assignees, people and groups alike: the triggers' recompute and a page's assignee names
    -- (0007's unique indexes are partial, one for people and one for groups, so neither serves it).
    create index workflow_step_users_step_idx on workflow_step_users (tenant_id, workflow_id, step_tag);

    create table task_delegations (
      tenant_id bigint not null,
      id bigint generated always as identity,
      delegator_id bigint not null,
      delegate_id bigint not null,
      starts_on date not null,
      ends_on date not null,
      created_by bigint,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      primary key (tenant_id, id),
      check (ends_on >= starts_on),
      check (delegator_id <> delegate_id),
      foreign key (tenant_id, delegator_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, delegate_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- The delegated tab: who acts for the viewer today; and a person's own delegations.
    create index task_delegations_delegate_idx on task_delegations (tenant_id, delegate_id, ends_on)
      where revoked_at is null;
    create index task_delegations_delegator_idx on task_delegations (tenant_id, delegator_id, ends_on)
      where revoked_at is null;

    create table task_follow_ups (
      tenant_id bigint not null,
      user_id bigint not null,
      workflow_id bigint not null,
      step_tag text not null,
      follow_up_on date not null,
      primary key (tenant_id, user_id, workflow_id, step_tag),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
  `.execute(db);

  for (const table of ['open_tasks', 'task_delegations', 'task_follow_ups']) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy tenant_isolation on ${sql.table(table)}
        using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
        with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
    `.execute(db);
  }

  await sql`
    -- Rewrites the open_tasks rows of the steps named (three parallel arrays) from workflow_steps,
    -- workflow_step_users and workflows. A step that is not open, or whose workflow is archived, a
    -- test workflow or gone, keeps no row.
    create function refresh_open_tasks(tenants bigint[], workflow_ids bigint[], step_tags text[])
    returns void language sql as $fn$
      delete from open_tasks o
      using unnest(tenants, workflow_ids, step_tags) as k (tenant_id, workflow_id, step_tag)
      where o.tenant_id = k.tenant_id and o.workflow_id = k.workflow_id and o.step_tag = k.step_tag;
      insert into open_tasks (tenant_id, workflow_id, step_tag, step_group_tag, assignee_user_id,
        assignee_group_id, is_step_row, kind_id, region_id, business_unit_id, opened_at, due_at)
      select s.tenant_id, s.workflow_id, s.step_tag, s.step_group_tag, u.user_id, u.group_id,
        row_number() over (partition by s.tenant_id, s.workflow_id, s.step_tag order by u.id) = 1,
        w.kind_id, w.region_id, w.business_unit_id, s.initiated_at, s.sla_breach_at
      from (select distinct * from unnest(tenants, workflow_ids, step_tags) as k (tenant_id, workflow_id, step_tag)) k
      join workflow_steps s
        on s.tenant_id = k.tenant_id and s.workflow_id = k.workflow_id and s.step_tag = k.step_tag
      join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
      left join workflow_step_users u
        on u.tenant_id = s.tenant_id and u.workflow_id = s.workflow_id and u.step_tag = s.step_tag
      where s.state = 'enabled' and w.archived_at is null and w.test_environment is null;
    $fn$;

    -- workflow_steps: inserted and deleted steps, and updates that change what open_tasks copies
    -- (every submit also touches updated_at; those statements change nothing here).
    create function open_tasks_steps_changed() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'UPDATE' then
        perform refresh_open_tasks(array_agg(n.tenant_id), array_agg(n.workflow_id), array_agg(n.step_tag))
        from new_steps n
        join old_steps o on o.tenant_id = n.tenant_id and o.workflow_id = n.workflow_id and o.step_tag = n.step_tag
        where o.state is distinct from n.state or o.sla_breach_at is distinct from n.sla_breach_at
          or o.initiated_at is distinct from n.initiated_at or o.step_group_tag is distinct from n.step_group_tag
        having count(*) > 0;
      elsif tg_op = 'INSERT' then
        perform refresh_open_tasks(array_agg(tenant_id), array_agg(workflow_id), array_agg(step_tag))
        from new_steps where state = 'enabled' having count(*) > 0;
      else
        perform refresh_open_tasks(array_agg(tenant_id), array_agg(workflow_id), array_agg(step_tag))
        from old_steps where state = 'enabled' having count(*) > 0;
      end if;
      return null;
    end
    $fn$;

    create function open_tasks_assignees_changed() returns trigger language plpgsql as $fn$
    begin
      perform refresh_open_tasks(array_agg(tenant_id), array_agg(workflow_id), array_agg(step_tag))
      from changed_users having count(*) > 0;
      return null;
    end
    $fn$;

    -- workflows: archiving (and unarchiving), and moving a workflow to another kind, region or unit.
    create function open_tasks_workflows_changed() returns trigger language plpgsql as $fn$
    begin
      perform refresh_open_tasks(array_agg(s.tenant_id), array_agg(s.workflow_id), array_agg(s.step_tag))
      from new_workflows n
      join old_workflows o on o.tenant_id = n.tenant_id and o.id = n.id
      join workflow_steps s on s.tenant_id = n.tenant_id and s.workflow_id = n.id
      where (o.archived_at is distinct from n.archived_at or o.kind_id is distinct from n.kind_id
          or o.region_id is distinct from n.region_id or o.business_unit_id is distinct from n.business_unit_id
          or o.test_environment is distinct from n.test_environment)
        and s.state = 'enabled'
      having count(*) > 0;
      return null;
    end
    $fn$;

    -- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
    create trigger open_tasks_steps_insert after insert on workflow_steps
      referencing new table as new_steps for each statement execute function open_tasks_steps_changed();
    create trigger open_tasks_steps_update after update on workflow_steps
      referencing old table as old_steps new table as new_steps
      for each statement execute function open_tasks_steps_changed();
    create trigger open_tasks_steps_delete after delete on workflow_steps
      referencing old table as old_steps for each statement execute function open_tasks_steps_changed();
    create trigger open_tasks_assignees_insert after insert on workflow_step_users
      referencing new table as changed_users for each statement execute function open_tasks_assignees_changed();
    create trigger open_tasks_assignees_update after update on workflow_step_users
      referencing new table as changed_users for each statement execute function open_tasks_assignees_changed();
    create trigger open_tasks_assignees_delete after delete on workflow_step_users
      referencing old table as changed_users for each statement execute function open_tasks_assignees_changed();
    create trigger open_tasks_workflows_update after update on workflows
      referencing old table as old_workflows new table as new_workflows
      for each statement execute function open_tasks_workflows_changed();
    alter table workflow_steps enable always trigger open_tasks_steps_insert;
    alter table workflow_steps enable always trigger open_tasks_steps_update;
    alter table workflow_steps enable always trigger open_tasks_steps_delete;
    alter table workflow_step_users enable always trigger open_tasks_assignees_insert;
    alter table workflow_step_users enable always trigger open_tasks_assignees_update;
    alter table workflow_step_users enable always trigger open_tasks_assignees_delete;
    alter table workflows enable always trigger open_tasks_workflows_update;

    insert into open_tasks (tenant_id, workflow_id, step_tag, step_group_tag, assignee_user_id,
      assignee_group_id, is_step_row, kind_id, region_id, business_unit_id, opened_at, due_at)
    select s.tenant_id, s.workflow_id, s.step_tag, s.step_group_tag, u.user_id, u.group_id,
      row_number() over (partition by s.tenant_id, s.workflow_id, s.step_tag order by u.id) = 1,
      w.kind_id, w.region_id, w.business_unit_id, s.initiated_at, s.sla_breach_at
    from workflow_steps s
    join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
    left join workflow_step_users u
      on u.tenant_id = s.tenant_id and u.workflow_id = s.workflow_id and u.step_tag = s.step_tag
    where s.state = 'enabled' and w.archived_at is null and w.test_environment is null;
    analyze open_tasks;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger open_tasks_steps_insert on workflow_steps;
    drop trigger open_tasks_steps_update on workflow_steps;
    drop trigger open_tasks_steps_delete on workflow_steps;
    drop trigger open_tasks_assignees_insert on workflow_step_users;
    drop trigger open_tasks_assignees_update on workflow_step_users;
    drop trigger open_tasks_assignees_delete on workflow_step_users;
    drop trigger open_tasks_workflows_update on workflows;
    drop function open_tasks_steps_changed();
    drop function open_tasks_assignees_changed();
    drop function open_tasks_workflows_changed();
    drop function refresh_open_tasks(bigint[], bigint[], text[]);
    drop index workflow_step_users_step_idx;
    drop table task_follow_ups, task_delegations, open_tasks;
  `.execute(db);
}
