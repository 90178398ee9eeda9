import { type Kysely, sql } from 'kysely';

// Issue 18, batch update (docs/plans/issue-18-records.md §1.7). The selection (the dashboard's filters
// or a file of ids) is frozen into batch_update_items at preview, with each item's before and after:
// what the person previewed is what applies, even if more workflows match the filters later. The job
// walks the items from cursor_item_id and records each outcome; undo walks them back from
// undo_cursor_item_id, keeping an item changed since (kept_changed).
const TENANT_TABLES = ['batch_updates', 'batch_update_items'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table batch_updates (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      created_by bigint,
      target text not null check (target in ('workflows', 'records')),
      kind_id bigint,
      object_type_id bigint,
      -- {filters: WorkflowListQuery | RecordListQuery} or {ids_file: storage_key}
      selection jsonb not null,
      -- {answers: {tag: value}, status_tag, region_id, business_unit_id, assignees: {step_tag, add, remove}}
      changes jsonb not null,
      state text not null default 'selecting' check (state in ('selecting', 'previewed', 'queued', 'running',
        'finished', 'failed', 'undoing', 'undone')),
      total integer not null default 0,
      done integer not null default 0,
      changed integer not null default 0,
      skipped integer not null default 0,
      failed integer not null default 0,
      -- The last item (target_id) the run, and the undo, has finished: a resumed job starts after it.
      cursor_item_id bigint not null default 0,
      undo_cursor_item_id bigint not null default 0,
      requeued_at timestamptz,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      undone_at timestamptz,
      undone_by bigint,
      error text,
      primary key (tenant_id, id),
      -- Records name their type; workflows may span kinds (the dashboard's filters), or name one.
      check (target = 'workflows' and object_type_id is null
        or target = 'records' and object_type_id is not null and kind_id is null),
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id),
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by),
      foreign key (tenant_id, undone_by) references users (tenant_id, id) on delete set null (undone_by)
    );
    -- /batch-updates: newest first, for everyone with the permission or for one person's own.
    create index batch_updates_idx on batch_updates (tenant_id, id desc);
    create index batch_updates_creator_idx on batch_updates (tenant_id, created_by, id desc);
    -- The sweeper's look for updates left queued or running by a dead worker.
    create index batch_updates_active_idx on batch_updates (tenant_id, state)
      where state in ('queued', 'running', 'undoing');

    create table batch_update_items (
      tenant_id bigint not null,
      update_id bigint not null,
      -- A workflow's or a record's id, by the update's target. The primary key is the job's order.
      target_id bigint not null,
      before jsonb,
      after jsonb,
      outcome text not null default 'pending' check (outcome in ('pending', 'changed', 'unchanged', 'refused',
        'failed', 'undone', 'kept_changed')),
      message text,
      -- Records: the revision the update left. Workflows: the last activity id it left. Undo compares them.
      revision_after integer,
      activity_id_after bigint,
      primary key (tenant_id, update_id, target_id),
      foreign key (tenant_id, update_id) references batch_updates (tenant_id, id) on delete cascade
    );

    alter table record_activity add foreign key (tenant_id, batch_update_id) references batch_updates (tenant_id, id);
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
    alter table record_activity drop constraint record_activity_tenant_id_batch_update_id_fkey;
    drop table batch_update_items, batch_updates;
  `.execute(db);
}
