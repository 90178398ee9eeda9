import { type Kysely, sql } from 'kysely';

// Tables every tenant owns. Each gets forced row-level security keyed on app.tenant_id (ARCHITECTURE.md, Tenancy).
const TENANT_TABLES = [
  'tenant_configurations',
  'users',
  'groups',
  'group_permissions',
  'user_groups',
  'user_permissions',
  'regions',
  'business_units',
  'sessions',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tenants (
      id bigint generated always as identity primary key,
      slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      name text not null check (length(name) between 1 and 200),
      brand text not null default 'default',
      created_at timestamptz not null default now()
    );

    create table tenant_configurations (
      tenant_id bigint primary key references tenants (id) on delete cascade,
      logo text,
      supported_languages text[] not null default '{en}',
      default_language text not null default 'en',
      custom_ui_labels jsonb not null default '{}',
      feature_toggles jsonb not null default '{}',
      support_links jsonb not null default '[]',
      is_maintenance_mode_enabled boolean not null default false,
      message_on_maintenance_page text,
      maintenance_end_time timestamptz,
      report_embed_url text,
      updated_at timestamptz not null default now()
    );

    create table users (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      email text not null check (length(email) between 3 and 254),
      password_hash text,
      first_name text not null default '',
      last_name text not null default '',
      kind smallint not null default 1 check (kind in (1, 2)),
      prefered_language text,
      timezone text,
      is_active boolean not null default true,
      user_profile_workflow_id bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id)
    );
    create unique index users_tenant_email_key on users (tenant_id, lower(email));

    create table groups (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      name text not null check (length(name) between 1 and 150),
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, name)
    );

    create table group_permissions (
      tenant_id bigint not null,
      group_id bigint not null,
      codename text not null,
      primary key (tenant_id, group_id, codename),
      foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete cascade
    );

    create table user_groups (
      tenant_id bigint not null,
      user_id bigint not null,
      group_id bigint not null,
      primary key (tenant_id, user_id, group_id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete cascade
    );
    create index user_groups_group_idx on user_groups (tenant_id, group_id);

    create table user_permissions (
      tenant_id bigint not null,
      user_id bigint not null,
      codename text not null,
      primary key (tenant_id, user_id, codename),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );

    create table regions (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      name text not null check (length(name) between 1 and 200),
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, name)
    );

    create table business_units (
      tenant_id bigint not null,
      id bigint generated always as identity,
      region_id bigint not null,
      name text not null check (length(name) between 1 and 200),
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, region_id, name),
      foreign key (tenant_id, region_id) references regions (tenant_id, id) on delete cascade
    );

    create table sessions (
      tenant_id bigint not null,
      id uuid not null default gen_random_uuid(),
      token_hash bytea not null,
      user_id bigint not null,
      csrf_token text not null,
      user_agent text,
      ip_address text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (tenant_id, id),
      unique (tenant_id, token_hash),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );
    create index sessions_user_idx on sessions (tenant_id, user_id);
    create index sessions_expires_idx on sessions (expires_at);
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
    drop table sessions, business_units, regions, user_permissions, user_groups, group_permissions,
      groups, users, tenant_configurations, tenants;
  `.execute(db);
}
