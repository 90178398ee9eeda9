import { type Kysely, sql } from 'kysely';

// Issue 5: a user's own preferences (spec 2 §3.6 kinds: favorite_reports, pinned_workflows,
// saved_filters) and the workflows they opened last (spec 1 §3 user recent activity). Both belong
// to one user of one tenant; the services only ever read the signed-in user's rows.
const TENANT_TABLES = ['user_preferences', 'user_recent_workflows'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_preferences (
      tenant_id bigint not null,
      id bigint generated always as identity,
      user_id bigint not null,
      kind text not null check (kind in ('favorite_reports', 'pinned_workflows', 'saved_filters')),
      name text not null check (length(name) between 1 and 100),
      value jsonb not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );
    -- A user's list of one kind, newest first; names are unique per user and kind.
    create unique index user_preferences_name_key on user_preferences (tenant_id, user_id, kind, lower(name));
    create index user_preferences_user_idx on user_preferences (tenant_id, user_id, kind, created_at desc);

    -- One row per user and workflow (a second view moves it up); the service keeps the last 20.
    create table user_recent_workflows (
      tenant_id bigint not null,
      user_id bigint not null,
      workflow_id bigint not null,
      viewed_at timestamptz not null default now(),
      primary key (tenant_id, user_id, workflow_id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
    create index user_recent_workflows_user_idx on user_recent_workflows (tenant_id, user_id, viewed_at desc);
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
  await sql`drop table user_recent_workflows, user_preferences`.execute(db);
}
