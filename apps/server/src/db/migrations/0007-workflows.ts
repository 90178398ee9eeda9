import { type Kysely, sql } from 'kysely';

// Issue 4, the workflow engine. A kind has versioned definitions (the JSON of packages/shared's
// WorkflowDefinitionSchema); a workflow keeps the definition it was created with. The engine in
// packages/shared computes visibility, progress, status and alerts from the definition and the
// answers; these tables keep its results so that lists, filters and reports read them in SQL:
// - workflow_steps: one row per step of a workflow, with its state and the timing stamps of spec 2
//   §3.2 (cycle, SLA); step groups' timing is derived from their steps;
// - workflow_responses: every answer ever given (versioned, who and when), the current one flagged,
//   with text/number/date projections indexed per field tag (search-columns.ts);
// - workflow_alerts: the alerts the alert rules currently raise (resolved ones keep resolved_at);
// - workflow_activity: every change, in order, for the activity log.
const TENANT_TABLES = [
  'workflow_kinds',
  'workflow_definitions',
  'workflow_statuses',
  'workflows',
  'workflow_steps',
  'workflow_step_users',
  'workflow_responses',
  'workflow_alerts',
  'workflow_activity',
  'attachments',
  'integration_runs',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow_kinds (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      tag text not null,
      name text not null,
      icon text,
      features jsonb not null default '[]',
      is_sorting_field_enabled boolean not null default false,
      is_related_kind boolean not null default false,
      -- The definition new workflows of the kind are created with; null until one is published.
      current_definition_id bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, tag)
    );

    create table workflow_definitions (
      tenant_id bigint not null,
      id bigint generated always as identity,
      kind_id bigint not null,
      version integer not null check (version >= 1),
      definition jsonb not null,
      published_by bigint,
      published_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, kind_id, version),
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id) on delete cascade
    );
    alter table workflow_kinds add foreign key (tenant_id, current_definition_id)
      references workflow_definitions (tenant_id, id);

    -- Spec 1 §3 available status: a kind's statuses, kept across its versions so that old workflows
    -- still name theirs.
    create table workflow_statuses (
      tenant_id bigint not null,
      id bigint generated always as identity,
      kind_id bigint not null,
      tag text not null,
      display_name text not null,
      color_code text not null,
      position integer not null default 0,
      primary key (tenant_id, id),
      unique (tenant_id, kind_id, tag),
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id) on delete cascade
    );

    create table workflows (
      tenant_id bigint not null,
      id bigint generated always as identity,
      kind_id bigint not null,
      definition_id bigint not null,
      name text not null,
      status_id bigint not null,
      region_id bigint not null,
      business_unit_id bigint,
      parent_id bigint,
      -- The child_workflow field of the parent that started it, when one did.
      parent_field_tag text,
      progress smallint not null default 0 check (progress between 0 and 100),
      -- In submission order: the status depends on which came last (progression.ts).
      completed_steps text[] not null default '{}',
      is_locked boolean not null default false,
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      cycle_start timestamptz not null default now(),
      cycle_end timestamptz,
      archived_at timestamptz,
      archived_by bigint,
      primary key (tenant_id, id),
      foreign key (tenant_id, kind_id) references workflow_kinds (tenant_id, id),
      foreign key (tenant_id, definition_id) references workflow_definitions (tenant_id, id),
      foreign key (tenant_id, status_id) references workflow_statuses (tenant_id, id),
      foreign key (tenant_id, region_id) references regions (tenant_id, id),
      foreign key (tenant_id, business_unit_id) references business_units (tenant_id, id),
      foreign key (tenant_id, parent_id) references workflows (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    -- The dashboard's default order and its commonest filters (issue 5 adds what its planner needs).
    create index workflows_kind_created_idx on workflows (tenant_id, kind_id, created_at desc, id desc)
      where archived_at is null;
    create index workflows_created_idx on workflows (tenant_id, created_at desc, id desc)
      where archived_at is null;
    create index workflows_status_idx on workflows (tenant_id, status_id);
    create index workflows_region_idx on workflows (tenant_id, region_id, business_unit_id);
    create index workflows_parent_idx on workflows (tenant_id, parent_id) where parent_id is not null;
    create index workflows_name_trgm_idx on workflows using gin (lower(name) gin_trgm_ops);

    create table workflow_steps (
      tenant_id bigint not null,
      workflow_id bigint not null,
      step_tag text not null,
      step_group_tag text not null,
      position integer not null,
      state text not null check (state in ('hidden', 'completed', 'enabled', 'disabled')),
      is_locked boolean not null default false,
      -- When the step last opened: the start of its cycle and of its SLA clock.
      initiated_at timestamptz,
      completed_at timestamptz,
      completed_by bigint,
      submit_count integer not null default 0,
      sla_hours double precision,
      sla_breach_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, workflow_id, step_tag),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, completed_by) references users (tenant_id, id) on delete set null (completed_by)
    );
    -- Open steps past their SLA, for overdue filters and reminders.
    create index workflow_steps_overdue_idx on workflow_steps (tenant_id, sla_breach_at)
      where state = 'enabled' and sla_breach_at is not null;

    -- Step assignees: a user or a group (spec 1 §4 step users, added and removed).
    create table workflow_step_users (
      tenant_id bigint not null,
      id bigint generated always as identity,
      workflow_id bigint not null,
      step_tag text not null,
      user_id bigint,
      group_id bigint,
      added_by bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      check ((user_id is null) <> (group_id is null)),
      foreign key (tenant_id, workflow_id, step_tag)
        references workflow_steps (tenant_id, workflow_id, step_tag) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete cascade
    );
    create unique index workflow_step_users_user_idx on workflow_step_users (tenant_id, workflow_id, step_tag, user_id)
      where user_id is not null;
    create unique index workflow_step_users_group_idx on workflow_step_users (tenant_id, workflow_id, step_tag, group_id)
      where group_id is not null;
    -- 'My tasks': the open steps assigned to a user or one of their groups.
    create index workflow_step_users_by_user_idx on workflow_step_users (tenant_id, user_id, workflow_id)
      where user_id is not null;
    create index workflow_step_users_by_group_idx on workflow_step_users (tenant_id, group_id, workflow_id)
      where group_id is not null;

    create table workflow_responses (
      tenant_id bigint not null,
      id bigint generated always as identity,
      workflow_id bigint not null,
      field_tag text not null,
      step_tag text not null,
      version integer not null,
      -- null: the answer was cleared.
      value jsonb,
      text_value text,
      number_value numeric,
      date_value date,
      is_current boolean not null default true,
      answered_by bigint,
      answered_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, workflow_id, field_tag, version),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, answered_by) references users (tenant_id, id) on delete set null (answered_by)
    );
    create unique index workflow_responses_current_idx on workflow_responses (tenant_id, workflow_id, field_tag)
      where is_current;
    -- Filters and reports on answers (spec 1 §7 answer, advanced filters): per field tag.
    create index workflow_responses_text_idx on workflow_responses (tenant_id, field_tag, text_value, workflow_id)
      where is_current and text_value is not null;
    create index workflow_responses_number_idx on workflow_responses (tenant_id, field_tag, number_value, workflow_id)
      where is_current and number_value is not null;
    create index workflow_responses_date_idx on workflow_responses (tenant_id, field_tag, date_value, workflow_id)
      where is_current and date_value is not null;

    create table workflow_alerts (
      tenant_id bigint not null,
      id bigint generated always as identity,
      workflow_id bigint not null,
      rule_tag text not null,
      alert_tag text not null,
      cat_color_label text not null check (cat_color_label in ('R', 'A', 'G')),
      step_group_tag text not null,
      step_tag text not null,
      field_tag text,
      raised_at timestamptz not null default now(),
      resolved_at timestamptz,
      primary key (tenant_id, id),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
    create unique index workflow_alerts_open_idx on workflow_alerts (tenant_id, workflow_id, rule_tag)
      where resolved_at is null;
    create index workflow_alerts_tag_idx on workflow_alerts (tenant_id, alert_tag, cat_color_label)
      where resolved_at is null;

    -- Spec 2 §3.11 action types: created, edited, updated, submitted, undo, queued, performed, added,
    -- removed, deleted, viewed...
    create table workflow_activity (
      tenant_id bigint not null,
      id bigint generated always as identity,
      workflow_id bigint not null,
      action text not null,
      actor_user_id bigint,
      step_tag text,
      field_tag text,
      details jsonb not null default '{}',
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, actor_user_id) references users (tenant_id, id) on delete set null (actor_user_id)
    );
    create index workflow_activity_workflow_idx on workflow_activity (tenant_id, workflow_id, id desc);

    -- Uploaded files. The bytes live in the file store (./data/files by default) under storage_key;
    -- an answer names its attachment by id, a download by uid.
    create table attachments (
      tenant_id bigint not null,
      id bigint generated always as identity,
      uid uuid not null default gen_random_uuid(),
      workflow_id bigint not null,
      field_tag text not null,
      file_name text not null,
      content_type text not null,
      size_bytes bigint not null,
      sha256 text not null,
      storage_key text not null,
      uploaded_by bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, uid),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, uploaded_by) references users (tenant_id, id) on delete set null (uploaded_by)
    );
    create index attachments_field_idx on attachments (tenant_id, workflow_id, field_tag);

    -- Spec 1 §4: integrations wait per workflow, step and field until finished.
    create table integration_runs (
      tenant_id bigint not null,
      id bigint generated always as identity,
      workflow_id bigint not null,
      step_tag text not null,
      field_tag text,
      connector text not null,
      state text not null check (state in ('waiting', 'running', 'finished', 'failed')),
      result jsonb,
      error text,
      created_by bigint,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      primary key (tenant_id, id),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade
    );
    create index integration_runs_workflow_idx on integration_runs (tenant_id, workflow_id, id desc);

    alter table users add foreign key (tenant_id, user_profile_workflow_id)
      references workflows (tenant_id, id) on delete set null (user_profile_workflow_id);
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
    alter table users drop constraint if exists users_tenant_id_user_profile_workflow_id_fkey;
    drop table integration_runs, attachments, workflow_activity, workflow_alerts, workflow_responses,
      workflow_step_users, workflow_steps, workflows, workflow_statuses;
    alter table workflow_kinds drop constraint if exists workflow_kinds_tenant_id_current_definition_id_fkey;
    drop table workflow_definitions, workflow_kinds;
  `.execute(db);
}
