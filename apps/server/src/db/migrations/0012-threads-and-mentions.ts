import { type Kysely, sql } from 'kysely';

// Issue 6: discussion threads on a workflow, one of its steps or one of its fields (spec 1 §3, §4),
// their messages, and the mentions those messages make. A thread's target is its (step_tag,
// field_tag): neither = the workflow, a step tag alone = the step, a field tag (with the tag of the
// step holding it, filled in by the service) = the field; one thread per target.
// Bodies are plain text, never rendered as HTML.
const TENANT_TABLES = ['threads', 'messages', 'mentions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table threads (
      tenant_id bigint not null,
      id bigint generated always as identity,
      workflow_id bigint not null,
      step_tag text,
      field_tag text,
      created_by bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by),
      check (field_tag is null or step_tag is not null)
    );
    create unique index threads_target_key
      on threads (tenant_id, workflow_id, coalesce(step_tag, ''), coalesce(field_tag, ''));

    create table messages (
      tenant_id bigint not null,
      id bigint generated always as identity,
      thread_id bigint not null,
      author_id bigint not null,
      body text not null check (length(body) between 1 and 5000),
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      deleted_at timestamptz,
      primary key (tenant_id, id),
      foreign key (tenant_id, thread_id) references threads (tenant_id, id) on delete cascade,
      foreign key (tenant_id, author_id) references users (tenant_id, id) on delete cascade
    );
    -- A thread's messages, oldest first.
    create index messages_thread_idx on messages (tenant_id, thread_id, created_at, id);

    create table mentions (
      tenant_id bigint not null,
      id bigint generated always as identity,
      message_id bigint not null,
      user_id bigint not null,
      is_read boolean not null default false,
      read_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, message_id, user_id),
      foreign key (tenant_id, message_id) references messages (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );
    -- A user's mentions newest first, and their unread count.
    create index mentions_user_idx on mentions (tenant_id, user_id, created_at desc, id desc);
    create index mentions_unread_idx on mentions (tenant_id, user_id) where not is_read;
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
  await sql`drop table mentions, messages, threads`.execute(db);
}
