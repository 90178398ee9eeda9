import { type Kysely, sql } from 'kysely';

// Issue 7: dashboards and their reports (spec 2 §2.1, §3.7, §3.8). A report may stand alone
// (dashboard_id null, served at /report/{id}); deleting a dashboard deletes its reports. The config
// is the server-named report configuration (packages/shared/src/reports/config.ts), validated by the
// service before it is stored. Favourite reports stay a user preference (favorite_reports); the
// service removes them when their report goes.
const TENANT_TABLES = ['dashboards', 'reports'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dashboards (
      tenant_id bigint not null,
      id bigint generated always as identity,
      name text not null check (length(name) between 1 and 200),
      description text not null default '' check (length(description) <= 2000),
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- The list of dashboards: by name, and searched by name.
    create index dashboards_name_idx on dashboards (tenant_id, lower(name), id);

    create table reports (
      tenant_id bigint not null,
      id bigint generated always as identity,
      dashboard_id bigint,
      name text not null check (length(name) between 1 and 200),
      description text not null default '' check (length(description) <= 2000),
      report_kind text not null,
      chart_type text not null,
      config jsonb not null,
      position integer not null default 0,
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, dashboard_id) references dashboards (tenant_id, id) on delete cascade,
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- A dashboard's reports in their order.
    create index reports_dashboard_idx on reports (tenant_id, dashboard_id, position, id);
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
  await sql`drop table reports, dashboards`.execute(db);
}
