import { type Kysely, sql } from 'kysely';

// Issue 19, badge definitions (docs/administration.md "Badges"). A definition's rule is the
// advanced filter's condition group; the workflows it matches hold the badge in workflow_badges,
// so the list, its filter and reports read a join instead of evaluating every rule per row.
// Holdings are refreshed by the badges job: triggers here queue every workflow whose answers or own
// columns change (badge_refresh_queue, in the change's transaction, so no write path can forget
// it), and a rule change walks the tenant's workflows from recompute_cursor with its progress.
const TENANT_TABLES = ['badge_definitions', 'workflow_badges', 'badge_refresh_queue'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table badge_definitions (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      tag text not null,
      label text not null,
      label_translations jsonb not null default '{}',
      colour text not null,
      icon text not null,
      -- Only workflows of this kind can hold it; null: every kind (the rule names common attributes).
      kind_id bigint,
      rule jsonb not null,
      archived_at timestamptz,
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- A rule change's walk over the tenant's workflows: the last workflow id done, how many done of
      -- how many; total null when none is under way.
      recompute_cursor bigint not null default 0,
      recompute_done integer not null default 0,
      recompute_total integer,
      primary key (tenant_id, id),
      unique (tenant_id, tag),
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    create index badge_definitions_label_idx on badge_definitions (tenant_id, lower(label), id);

    create table workflow_badges (
      tenant_id bigint not null,
      badge_id bigint not null,
      workflow_id bigint not null,
      -- By badge first: a filter on a badge reads its holders in id order.
      primary key (tenant_id, badge_id, workflow_id),
      foreign key (tenant_id, badge_id) references badge_definitions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
    -- A page of workflows reads its rows' badges.
    create index workflow_badges_workflow_idx on workflow_badges (tenant_id, workflow_id);

    create table badge_refresh_queue (
      tenant_id bigint not null,
      workflow_id bigint not null,
      queued_at timestamptz not null default now(),
      primary key (tenant_id, workflow_id),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );

    -- Only tenants with a live badge pay for the queue. Invoker's rights: the rows carry the writing
    -- transaction's tenant, as row-level security requires.
    create function badge_refresh_answers() returns trigger language plpgsql as $fn$
    begin
      insert into badge_refresh_queue (tenant_id, workflow_id)
      select distinct n.tenant_id, n.workflow_id from new_answers n
      where exists (select 1 from badge_definitions d where d.tenant_id = n.tenant_id and d.archived_at is null)
      order by 1, 2
      on conflict do nothing;
      return null;
    end
    $fn$;
    create function badge_refresh_workflows() returns trigger language plpgsql as $fn$
    begin
      insert into badge_refresh_queue (tenant_id, workflow_id)
      select n.tenant_id, n.id from new_workflows n
      where exists (select 1 from badge_definitions d where d.tenant_id = n.tenant_id and d.archived_at is null)
      order by 1, 2
      on conflict do nothing;
      return null;
    end
    $fn$;

    -- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
    create trigger badge_refresh_answers_insert after insert on workflow_responses
      referencing new table as new_answers for each statement execute function badge_refresh_answers();
    create trigger badge_refresh_answers_update after update on workflow_responses
      referencing new table as new_answers for each statement execute function badge_refresh_answers();
    create trigger badge_refresh_workflows_insert after insert on workflows
      referencing new table as new_workflows for each statement execute function badge_refresh_workflows();
    create trigger badge_refresh_workflows_update after update on workflows
      referencing new table as new_workflows for each statement execute function badge_refresh_workflows();
    alter table workflow_responses enable always trigger badge_refresh_answers_insert;
    alter table workflow_responses enable always trigger badge_refresh_answers_update;
    alter table workflows enable always trigger badge_refresh_workflows_insert;
    alter table workflows enable always trigger badge_refresh_workflows_update;
  `.execute(db);

  for (const table of TENANT_TABLES) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy tenant_isolation on ${sql.table(table)}
        using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
        with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger badge_refresh_answers_insert on workflow_responses;
    drop trigger badge_refresh_answers_update on workflow_responses;
    drop trigger badge_refresh_workflows_insert on workflows;
    drop trigger badge_refresh_workflows_update on workflows;
    drop function badge_refresh_answers(), badge_refresh_workflows();
    drop table badge_refresh_queue, workflow_badges, badge_definitions;
  `.execute(db);
}
