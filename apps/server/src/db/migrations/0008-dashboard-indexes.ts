import { type Kysely, sql } from 'kysely';

// Issue 5, the workflow dashboard at 1M workflows per tenant (docs/dashboard.md). Only indexes: the
// list's orderings within a kind, its date filters, the task queues (open steps per step group), the
// step attributes of advanced filters (per step tag) and creator/assignee lookups. The answer
// projections already have their (tenant_id, field_tag, value, workflow_id) indexes (0007).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Orderings of GET workflows/ (ordering=name, progress, status, updated_at; newest first by
    -- default, already in 0007), with or without a kind.
    create index workflows_kind_name_idx on workflows (tenant_id, kind_id, name, id)
      where archived_at is null;
    create index workflows_name_idx on workflows (tenant_id, name, id) where archived_at is null;
    create index workflows_kind_progress_idx on workflows (tenant_id, kind_id, progress, id)
      where archived_at is null;
    create index workflows_kind_status_idx on workflows (tenant_id, kind_id, status_id, created_at desc, id desc)
      where archived_at is null;
    create index workflows_kind_updated_idx on workflows (tenant_id, kind_id, updated_at desc, id desc)
      where archived_at is null;
    create index workflows_updated_idx on workflows (tenant_id, updated_at desc, id desc)
      where archived_at is null;
    -- date_filter_type=completed: the end of the workflow's cycle.
    create index workflows_cycle_end_idx on workflows (tenant_id, cycle_end)
      where cycle_end is not null and archived_at is null;
    create index workflows_created_by_idx on workflows (tenant_id, created_by);
    -- Archived workflows, listed only on request (archived=true).
    create index workflows_archived_idx on workflows (tenant_id, archived_at desc)
      where archived_at is not null;

    -- Task queues (workflow-kinds/{id}/count/?type=stepgroup) and 'my tasks': open steps.
    create index workflow_steps_open_group_idx on workflow_steps (tenant_id, step_group_tag, workflow_id)
      where state = 'enabled';
    -- Step attributes of advanced filters, found from the step side (step__<tag>__completed_at ...).
    create index workflow_steps_tag_completed_idx on workflow_steps (tenant_id, step_tag, completed_at, workflow_id);
    create index workflow_steps_tag_initiated_idx on workflow_steps (tenant_id, step_tag, initiated_at, workflow_id);
    create index workflow_steps_completed_by_idx on workflow_steps (tenant_id, completed_by)
      where completed_by is not null;

    -- Alert counts of a kind (workflow-kinds/{id}/alert-count/): open alerts by workflow.
    create index workflow_alerts_open_workflow_idx on workflow_alerts (tenant_id, workflow_id, alert_tag, cat_color_label)
      where resolved_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index workflows_kind_name_idx, workflows_name_idx, workflows_kind_progress_idx,
      workflows_kind_status_idx, workflows_kind_updated_idx, workflows_updated_idx,
      workflows_cycle_end_idx, workflows_created_by_idx, workflows_archived_idx,
      workflow_steps_open_group_idx, workflow_steps_tag_completed_idx,
      workflow_steps_tag_initiated_idx, workflow_steps_completed_by_idx,
      workflow_alerts_open_workflow_idx;
  `.execute(db);
}
