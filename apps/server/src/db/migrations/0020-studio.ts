import { type Kysely, sql } from 'kysely';

// Issue 15, the studio (spec 2 §2.4, §4.1, §6; docs/studio.md). An app is a package of process
// definitions. Designers edit a branch's working copy (no locks: a revision counter refuses a stale
// save); a savepoint is an immutable snapshot of a branch; a version (major.minor) freezes a
// savepoint and moves through the stages draft -> rft -> deployed -> ARCHIVE; a deployment puts a
// version in one of the tenant's environments. studio_activity records who changed what, where, when.
const TENANT_TABLES = [
  'studio_apps',
  'studio_branches',
  'studio_savepoints',
  'studio_versions',
  'studio_reviews',
  'studio_deployments',
  'studio_activity',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table studio_apps (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      name text not null check (length(name) between 1 and 200),
      description text not null default '' check (length(description) <= 2000),
      icon text check (length(icon) <= 100),
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      archived_at timestamptz,
      primary key (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- The app list: by name, searched by name.
    create index studio_apps_name_idx on studio_apps (tenant_id, lower(name), id);

    create table studio_branches (
      tenant_id bigint not null,
      id bigint generated always as identity,
      app_id bigint not null,
      name text not null check (length(name) between 1 and 100),
      is_main boolean not null default false,
      based_on_savepoint_id bigint,
      -- The working copy: a package ({processes: [...]}) being edited, valid or not yet.
      package jsonb not null,
      -- Optimistic concurrency: a save names the revision it was based on and bumps it.
      revision integer not null default 1 check (revision >= 1),
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_by bigint,
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, app_id, name),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by),
      foreign key (tenant_id, updated_by) references users (tenant_id, id) on delete set null (updated_by)
    );
    -- An app has one main line.
    create unique index studio_branches_main_idx on studio_branches (tenant_id, app_id) where is_main;

    create table studio_savepoints (
      tenant_id bigint not null,
      id bigint generated always as identity,
      app_id bigint not null,
      branch_id bigint not null,
      parent_savepoint_id bigint,
      message text not null check (length(message) between 1 and 500),
      package jsonb not null,
      created_by bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, branch_id) references studio_branches (tenant_id, id) on delete cascade,
      foreign key (tenant_id, parent_savepoint_id) references studio_savepoints (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- A branch's savepoints, newest first.
    create index studio_savepoints_branch_idx on studio_savepoints (tenant_id, branch_id, id);
    alter table studio_branches add foreign key (tenant_id, based_on_savepoint_id)
      references studio_savepoints (tenant_id, id);

    -- A savepoint is a snapshot: its content never changes once written.
    create function studio_savepoints_immutable() returns trigger language plpgsql as $$
    begin
      if new.package is distinct from old.package or new.message is distinct from old.message
        or new.branch_id is distinct from old.branch_id or new.app_id is distinct from old.app_id then
        raise exception 'a studio savepoint never changes';
      end if;
      return new;
    end $$;
    create trigger studio_savepoints_immutable before update on studio_savepoints
      for each row execute function studio_savepoints_immutable();

    create table studio_versions (
      tenant_id bigint not null,
      id bigint generated always as identity,
      app_id bigint not null,
      savepoint_id bigint not null,
      major integer not null check (major >= 1),
      minor integer not null check (minor >= 0),
      stage text not null default 'draft' check (stage in ('draft', 'rft', 'deployed', 'ARCHIVE')),
      -- Frozen once sent for test (rft): reviewed and deployed as it is. Locked once deployed.
      is_frozen boolean not null default false,
      is_locked boolean not null default false,
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, app_id, major, minor),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, savepoint_id) references studio_savepoints (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- /studio/records/{stage}: what is at each stage.
    create index studio_versions_stage_idx on studio_versions (tenant_id, stage, id);

    create table studio_reviews (
      tenant_id bigint not null,
      id bigint generated always as identity,
      version_id bigint not null,
      reviewer_id bigint,
      decision text not null check (decision in ('approved', 'changes_requested')),
      comment text not null default '' check (length(comment) <= 2000),
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, version_id) references studio_versions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, reviewer_id) references users (tenant_id, id) on delete set null (reviewer_id)
    );
    create index studio_reviews_version_idx on studio_reviews (tenant_id, version_id, id);

    create table studio_deployments (
      tenant_id bigint not null,
      id bigint generated always as identity,
      app_id bigint not null,
      version_id bigint not null,
      environment text not null
        check (environment in ('DEVELOPMENT', 'QA', 'STAGING', 'UAT', 'PRODUCTION')),
      -- Production: the workflow definitions published for it ({kind_tag, definition_id, version}).
      published jsonb not null default '[]',
      deployed_by bigint,
      deployed_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, version_id) references studio_versions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, deployed_by) references users (tenant_id, id) on delete set null (deployed_by)
    );
    -- What each environment of an app runs: its latest deployment.
    create index studio_deployments_app_idx on studio_deployments (tenant_id, app_id, environment, id);

    create table studio_activity (
      tenant_id bigint not null,
      id bigint generated always as identity,
      app_id bigint not null,
      branch_id bigint,
      actor_user_id bigint,
      action text not null,
      details jsonb not null default '{}',
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, branch_id) references studio_branches (tenant_id, id) on delete set null (branch_id),
      foreign key (tenant_id, actor_user_id) references users (tenant_id, id) on delete set null (actor_user_id)
    );
    -- /studio/activity-logs: newest first, for the tenant or one app.
    create index studio_activity_idx on studio_activity (tenant_id, id desc);
    create index studio_activity_app_idx on studio_activity (tenant_id, app_id, id desc);
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
    drop table studio_activity, studio_deployments, studio_reviews, studio_versions;
    alter table studio_branches drop column based_on_savepoint_id;
    drop table studio_savepoints, studio_branches, studio_apps;
    drop function studio_savepoints_immutable();
  `.execute(db);
}
