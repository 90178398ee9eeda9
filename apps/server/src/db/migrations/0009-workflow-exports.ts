import { type Kysely, sql } from 'kysely';

// Issue 5: exports of the dashboard's workflow list (spec 1 §7 POST workflows/export/). A request
// records what to export (the kind, the list filters, the format); a job streams the rows into a
// file in the file store and counts its progress here. Files expire (expires_at): an hourly job
// deletes the file and the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow_exports (
      tenant_id bigint not null,
      id bigint generated always as identity,
      user_id bigint not null,
      kind_id bigint not null,
      -- The list filters as the request gave them, validated: the job selects exactly these rows.
      params jsonb not null,
      format text not null check (format in ('csv', 'xlsx')),
      state text not null default 'queued' check (state in ('queued', 'running', 'finished', 'failed')),
      rows_total integer not null default 0 check (rows_total >= 0),
      rows_done integer not null default 0 check (rows_done >= 0),
      -- The name the download is saved under ('<kind>-<yyyy-mm-dd>.csv'); never a path.
      file_name text not null,
      storage_key text,
      size_bytes bigint,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      expires_at timestamptz not null,
      primary key (tenant_id, id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id) on delete cascade
    );
    -- A user's own exports, newest first.
    create index workflow_exports_user_idx on workflow_exports (tenant_id, user_id, id desc);
    -- The expiry purge.
    create index workflow_exports_expiry_idx on workflow_exports (expires_at);

    alter table workflow_exports enable row level security;
    alter table workflow_exports force row level security;
    create policy tenant_isolation on workflow_exports
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table workflow_exports`.execute(db);
}
