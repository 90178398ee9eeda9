import { type Kysely, sql } from 'kysely';

// Issue 19, spec 2 §6 and §9.4: scheduled exports (docs/administration.md "Scheduler"). A schedule
// exports a filtered workflow list or a report on a daily, weekly or monthly time in a time zone, and
// sends the file to e-mail addresses, an SFTP server or S3-compatible storage. Its credentials are
// kept sealed by the server's secret box (secrets_sealed) and never answered. Each run is a row of
// scheduled_export_runs, unique per (schedule, due time): a tick that runs twice, two workers or a
// restart find the run already there, so a due time is exported once.
const TENANT_TABLES = ['scheduled_exports', 'scheduled_export_runs'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scheduled_exports (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      name text not null check (char_length(name) between 1 and 200),
      -- Who last saved it: the run exports what they may see, with their permissions at run time.
      owner_id bigint,
      source jsonb not null,
      format text not null check (format in ('csv', 'xlsx')),
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      weekday smallint check (weekday between 1 and 7),
      day_of_month smallint check (day_of_month between 1 and 28),
      time_zone text not null,
      destination_kind text not null check (destination_kind in ('email', 'sftp', 's3')),
      destination jsonb not null,
      secrets_sealed text,
      enabled boolean not null default true,
      next_run_at timestamptz not null,
      last_run_at timestamptz,
      last_outcome text check (last_outcome in ('queued', 'running', 'succeeded', 'failed')),
      last_message text,
      last_rows bigint,
      last_bytes bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, owner_id) references users (tenant_id, id) on delete set null (owner_id),
      check ((frequency = 'weekly') = (weekday is not null)),
      check ((frequency = 'monthly') = (day_of_month is not null))
    );
    -- The tick's question: which enabled schedules are due.
    create index scheduled_exports_due_idx on scheduled_exports (tenant_id, next_run_at) where enabled;

    create table scheduled_export_runs (
      tenant_id bigint not null,
      id bigint generated always as identity,
      schedule_id bigint not null,
      trigger text not null check (trigger in ('schedule', 'manual')),
      due_at timestamptz not null,
      state text not null default 'queued' check (state in ('queued', 'running', 'succeeded', 'failed')),
      attempts integer not null default 0,
      message text,
      rows bigint,
      bytes bigint,
      file_name text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      primary key (tenant_id, id),
      -- One run per due time of a schedule, whoever picks it.
      unique (tenant_id, schedule_id, due_at),
      foreign key (tenant_id, schedule_id) references scheduled_exports (tenant_id, id) on delete cascade
    );
    create index scheduled_export_runs_schedule_idx on scheduled_export_runs (tenant_id, schedule_id, id desc);
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
  await sql`drop table scheduled_export_runs; drop table scheduled_exports;`.execute(db);
}
