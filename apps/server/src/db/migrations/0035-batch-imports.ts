import { type Kysely, sql } from 'kysely';

// Issue 18, batch import (docs/plans/issue-18-records.md §1.6, §4). An upload is parsed and staged row by
// row (batch_import_rows), mapped, validated (every row's problems kept for the preview), then run as a
// job that walks the staged rows from cursor_row. A record or workflow it creates carries
// (import_id, import_row): a unique index on them is the idempotency key, so a worker killed
// mid-import and resumed cannot create a row twice. The same columns, with revision_after and the old
// values in batch_import_rows.before, let the import be undone while its rows were not changed since.
const TENANT_TABLES = ['batch_imports', 'batch_import_rows', 'batch_import_mappings'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table batch_import_mappings (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      name text not null check (length(name) between 1 and 200),
      target text not null check (target in ('records', 'workflows')),
      object_type_id bigint,
      kind_id bigint,
      -- [{header, field_tag | 'name' | 'region' | 'business_unit' | 'id' | null}]
      columns jsonb not null,
      created_by bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      check (case target when 'records' then object_type_id is not null and kind_id is null
                         else kind_id is not null and object_type_id is null end),
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id) on delete cascade,
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id) on delete cascade,
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- A saved mapping's name is unique for its target; also the list of a target's mappings.
    create unique index batch_import_mappings_name_key on batch_import_mappings
      (tenant_id, target, coalesce(object_type_id, 0), coalesce(kind_id, 0), name);

    create table batch_imports (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      created_by bigint,
      target text not null check (target in ('records', 'workflows')),
      object_type_id bigint,
      kind_id bigint,
      mode text not null default 'create' check (mode in ('create', 'update', 'upsert')),
      -- The unique key (or 'id') that update and upsert find rows by.
      key_name text,
      -- Workflows: the step the created workflows start from.
      start_step_tag text,
      mapping_id bigint,
      -- {column_index: target} as the import ran.
      mapping jsonb not null default '{}',
      file_name text not null check (length(file_name) between 1 and 255),
      format text not null check (format in ('csv', 'xlsx')),
      storage_key text not null,
      size_bytes bigint not null check (size_bytes >= 0),
      state text not null default 'parsing' check (state in ('parsing', 'parsed', 'validating', 'validated',
        'queued', 'running', 'finished', 'failed', 'undoing', 'undone')),
      rows_total integer not null default 0,
      rows_valid integer not null default 0,
      rows_invalid integer not null default 0,
      rows_done integer not null default 0,
      created integer not null default 0,
      updated integer not null default 0,
      failed integer not null default 0,
      -- The last staged row the run (and the undo) has finished: a resumed job starts after it.
      cursor_row integer not null default 0,
      undo_cursor_row integer not null default 0,
      results_storage_key text,
      error text,
      requeued_at timestamptz,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      undone_at timestamptz,
      undone_by bigint,
      primary key (tenant_id, id),
      check (case target when 'records' then object_type_id is not null and kind_id is null
                         else kind_id is not null and object_type_id is null end),
      check (mode = 'create' or key_name is not null),
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id),
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id),
      foreign key (tenant_id, mapping_id) references batch_import_mappings (tenant_id, id)
        on delete set null (mapping_id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by),
      foreign key (tenant_id, undone_by) references users (tenant_id, id) on delete set null (undone_by)
    );
    -- /batch-imports: newest first, for everyone with the permission or for one person's own.
    create index batch_imports_idx on batch_imports (tenant_id, id desc);
    create index batch_imports_creator_idx on batch_imports (tenant_id, created_by, id desc);
    -- The sweeper's look for imports left queued or running by a dead worker.
    create index batch_imports_active_idx on batch_imports (tenant_id, state)
      where state in ('queued', 'running', 'undoing');

    create table batch_import_rows (
      tenant_id bigint not null,
      import_id bigint not null,
      -- 1 = the first data row: the file's own row as shown to the person.
      row_number integer not null check (row_number >= 1),
      -- The raw strings, by column index.
      cells jsonb not null,
      -- [{column, field_tag, code, message}] from the preview; null when the row is valid.
      problems jsonb,
      outcome text check (outcome in ('created', 'updated', 'unchanged', 'failed', 'undone', 'kept_changed')),
      target_id bigint,
      -- Records: the revision the import left. Workflows: the last activity id it left. Undo compares them.
      revision_after integer,
      activity_id_after bigint,
      -- Update mode: the values before the import changed them.
      before jsonb,
      message text,
      primary key (tenant_id, import_id, row_number),
      foreign key (tenant_id, import_id) references batch_imports (tenant_id, id) on delete cascade
    );
    -- The preview's "problems only".
    create index batch_import_rows_problems_idx on batch_import_rows (tenant_id, import_id, row_number)
      where problems is not null;

    -- What an import created carries its import and row: the idempotency key of a resumed run, and
    -- the rows an undo removes.
    alter table records add column import_id bigint, add column import_row integer,
      add constraint records_import_row_check check ((import_id is null) = (import_row is null)),
      add foreign key (tenant_id, import_id) references batch_imports (tenant_id, id);
    create unique index records_import_row_idx on records (tenant_id, import_id, import_row)
      where import_id is not null;
    alter table workflows add column import_id bigint, add column import_row integer,
      add constraint workflows_import_row_check check ((import_id is null) = (import_row is null)),
      add foreign key (tenant_id, import_id) references batch_imports (tenant_id, id);
    create unique index workflows_import_row_idx on workflows (tenant_id, import_id, import_row)
      where import_id is not null;

    alter table record_activity add foreign key (tenant_id, import_id) references batch_imports (tenant_id, id);
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
    alter table record_activity drop constraint record_activity_tenant_id_import_id_fkey;
    drop index workflows_import_row_idx;
    alter table workflows drop column import_id, drop column import_row;
    drop index records_import_row_idx;
    alter table records drop column import_id, drop column import_row;
    drop table batch_import_rows, batch_imports, batch_import_mappings;
  `.execute(db);
}
