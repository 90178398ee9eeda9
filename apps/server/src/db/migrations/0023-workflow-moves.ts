import { type Kysely, sql } from 'kysely';

// Issue 15, moving running workflows to a new version (docs/studio.md "Moving running workflows").
// A move is a background job over one process kind's running workflows: it walks them in keyset
// batches (cursor_workflow_id), each batch in its own transaction with its results, so a killed
// worker resumes after the last committed batch and no workflow is moved twice.
// - studio_workflow_moves: the job, its target definition, its progress (done of total) and counts;
// - studio_workflow_move_results: one row per workflow the move looked at: moved, refused (with the
//   reasons) or moved back, and what moving back needs (the definition it came from, the step rows
//   the new version dropped).
const TENANT_TABLES = ['studio_workflow_moves', 'studio_workflow_move_results'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table studio_workflow_moves (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      app_id bigint not null,
      version_id bigint not null,
      kind_id bigint not null,
      kind_tag text not null,
      target_definition_id bigint not null,
      target_version integer not null,
      -- The workflows chosen; null: every movable running workflow of older versions.
      workflow_ids bigint[],
      state text not null default 'queued' check (state in ('queued', 'running', 'finished', 'failed')),
      total integer not null default 0,
      done integer not null default 0,
      moved integer not null default 0,
      refused integer not null default 0,
      cursor_workflow_id bigint not null default 0,
      error text,
      created_by bigint,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      primary key (tenant_id, id),
      foreign key (tenant_id, app_id) references studio_apps (tenant_id, id) on delete cascade,
      foreign key (tenant_id, version_id) references studio_versions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id) on delete cascade,
      foreign key (tenant_id, target_definition_id) references workflow_definitions (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    create index studio_workflow_moves_version_idx on studio_workflow_moves (tenant_id, version_id, id desc);
    create index studio_workflow_moves_queued_idx on studio_workflow_moves (tenant_id, id)
      where state in ('queued', 'running');

    create table studio_workflow_move_results (
      tenant_id bigint not null,
      move_id bigint not null,
      workflow_id bigint not null,
      outcome text not null check (outcome in ('moved', 'refused', 'moved_back')),
      reasons jsonb not null default '[]',
      from_definition_id bigint not null,
      from_version integer not null,
      -- The step rows of steps the new version does not have, put back by a move back.
      dropped_steps jsonb not null default '[]',
      moved_at timestamptz not null default now(),
      moved_back_at timestamptz,
      moved_back_by bigint,
      primary key (tenant_id, move_id, workflow_id),
      foreign key (tenant_id, move_id) references studio_workflow_moves (tenant_id, id) on delete cascade,
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, moved_back_by) references users (tenant_id, id) on delete set null (moved_back_by)
    );
    create index studio_workflow_move_results_workflow_idx
      on studio_workflow_move_results (tenant_id, workflow_id);
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
  await sql`drop table studio_workflow_move_results, studio_workflow_moves`.execute(db);
}
