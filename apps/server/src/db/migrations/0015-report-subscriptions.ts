import { type Kysely, sql } from 'kysely';

// Issue 7: a report e-mailed as CSV on a schedule (spec 2 §9.4 "subscribe by e-mail"). A
// subscription belongs to its report (deleted with it) and is owned by the user who made it; its
// recipients are users of the same tenant, each sent the report as THEY may see it. next_run_at is
// the next occurrence of the schedule in its time zone, advanced by the sweep that picks it.
// Outgoing e-mail gains attachments (name, type, base64 content), kept in the outbox like the rest
// of the message so delivery and the development mailbox read one row.
const TENANT_TABLES = ['report_subscriptions', 'report_subscription_recipients'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_subscriptions (
      tenant_id bigint not null,
      id bigint generated always as identity,
      report_id bigint not null,
      owner_id bigint,
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      -- ISO weekday, 1 = Monday; only for weekly.
      weekday smallint check (weekday between 1 and 7),
      -- Day 1 to 28, so every month has it; only for monthly.
      day_of_month smallint check (day_of_month between 1 and 28),
      time_zone text not null,
      subject text not null default '' check (length(subject) <= 200),
      message text not null default '' check (length(message) <= 2000),
      active boolean not null default true,
      next_run_at timestamptz not null,
      last_sent_at timestamptz,
      last_status text check (last_status in ('sent', 'failed')),
      last_error text,
      -- Who the last run left out (no longer active, or no longer allowed to view reports).
      last_skipped text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, report_id) references reports (tenant_id, id) on delete cascade,
      foreign key (tenant_id, owner_id) references users (tenant_id, id) on delete set null (owner_id),
      check ((frequency = 'weekly') = (weekday is not null)),
      check ((frequency = 'monthly') = (day_of_month is not null))
    );
    -- A report's subscriptions, and the sweep's question: which active ones are due.
    create index report_subscriptions_report_idx on report_subscriptions (tenant_id, report_id, id);
    create index report_subscriptions_due_idx on report_subscriptions (tenant_id, next_run_at) where active;

    create table report_subscription_recipients (
      tenant_id bigint not null,
      subscription_id bigint not null,
      user_id bigint not null,
      primary key (tenant_id, subscription_id, user_id),
      foreign key (tenant_id, subscription_id) references report_subscriptions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );

    alter table outbox_emails add column attachments jsonb not null default '[]';
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
    alter table outbox_emails drop column attachments;
    drop table report_subscription_recipients, report_subscriptions;
  `.execute(db);
}
