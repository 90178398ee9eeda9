import { type Kysely, sql } from 'kysely';

// Issue 15, an app's settings (docs/studio.md "App settings"): who may edit an app. An app without
// a row here may be edited by anyone with can_access_studio; with rows, only by the people named and
// the members of the groups named (and tenant administrators). Archiving uses studio_apps.archived_at
// (migration 0020).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table studio_app_editors (
      tenant_id bigint not null,
      id bigint generated always as identity,
      app_id bigint not null,
      user_id bigint,
      group_id bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      -- A row names a person or a group, never both.
      check ((user_id is null) <> (group_id is null)),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete cascade
    );
    create unique index studio_app_editors_user_idx on studio_app_editors (tenant_id, app_id, user_id)
      where user_id is not null;
    create unique index studio_app_editors_group_idx on studio_app_editors (tenant_id, app_id, group_id)
      where group_id is not null;

    -- The activity log's filters: by actor, by branch (newest first).
    create index studio_activity_actor_idx on studio_activity (tenant_id, actor_user_id, id desc);
    create index studio_activity_branch_idx on studio_activity (tenant_id, branch_id, id desc);

    alter table studio_app_editors enable row level security;
    alter table studio_app_editors force row level security;
    create policy tenant_isolation on studio_app_editors
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index studio_activity_branch_idx;
    drop index studio_activity_actor_idx;
    drop table studio_app_editors;
  `.execute(db);
}
