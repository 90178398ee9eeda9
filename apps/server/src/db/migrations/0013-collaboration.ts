import { type Kysely, sql } from 'kysely';

// Issue 6, the rest of collaboration:
// - thread_subscriptions: who follows a thread by e-mail (spec 1 §4). A row is an explicit state,
//   subscribed or not, so an unsubscribe is remembered and posting again does not re-subscribe.
// - thread_email_items: comments waiting to be e-mailed to one person, sent together by one job.
// - notifications: what happened to a user, with its read state (the notifications page).
// - messages may be posted by an integration run (spec 1 §3 Mention.integration_result) rather
//   than a person.
const TENANT_TABLES = ['thread_subscriptions', 'thread_email_items', 'notifications'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table thread_subscriptions (
      tenant_id bigint not null,
      id bigint generated always as identity,
      thread_id bigint not null,
      user_id bigint not null,
      subscribed boolean not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, thread_id, user_id),
      foreign key (tenant_id, thread_id) references threads (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );
    -- A user's subscriptions, newest first (/mysubscriptions/).
    create index thread_subscriptions_user_idx
      on thread_subscriptions (tenant_id, user_id, updated_at desc, id desc) where subscribed;

    create table thread_email_items (
      tenant_id bigint not null,
      id bigint generated always as identity,
      user_id bigint not null,
      message_id bigint not null,
      reason text not null check (reason in ('subscribed', 'mentioned')),
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      primary key (tenant_id, id),
      unique (tenant_id, user_id, message_id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, message_id) references messages (tenant_id, id) on delete cascade
    );
    create index thread_email_items_pending_idx
      on thread_email_items (tenant_id, user_id, id) where sent_at is null;

    create table notifications (
      tenant_id bigint not null,
      id bigint generated always as identity,
      user_id bigint not null,
      kind text not null,
      event_group text not null,
      outcome text check (outcome in ('queued', 'started', 'finished', 'completed', 'failed')),
      level text not null check (level in ('info', 'success', 'warning', 'error')),
      actor_id bigint,
      workflow_id bigint,
      params jsonb not null default '{}',
      link text,
      read_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, actor_id) references users (tenant_id, id) on delete set null (actor_id),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
    -- A user's notifications newest first, and their unread count.
    create index notifications_user_idx on notifications (tenant_id, user_id, id desc);
    create index notifications_unread_idx on notifications (tenant_id, user_id) where read_at is null;

    alter table messages alter column author_id drop not null;
    alter table messages add column integration_run_id bigint;
    alter table messages
      add foreign key (tenant_id, integration_run_id)
        references integration_runs (tenant_id, id) on delete set null (integration_run_id);
    alter table messages
      add constraint messages_author_or_run check (author_id is not null or integration_run_id is not null);
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
    alter table messages drop constraint messages_author_or_run;
    alter table messages drop column integration_run_id;
    drop table notifications, thread_email_items, thread_subscriptions;
  `.execute(db);
}
