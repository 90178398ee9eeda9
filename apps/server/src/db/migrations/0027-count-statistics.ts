import { type Kysely, sql } from 'kysely';

// Issue 17, honest counts (docs/workflow-list.md, the count rule). Above ten thousand matches a count
// is the planner's estimate, trusted without counting above twice that, so the estimate must hold
// for combined conditions, which the planner takes as independent. Measured at 1M workflows
// (bench/RESULTS.md, issue 17): a region with a business unit of another region estimated 37,787
// where none exist; the open steps of a step group 52 % low to 180 % high (most steps of a group
// are finished, not open); the open alerts of a tag and colour 57 to 73 % low. With these: within
// 5 % for every bench case these conditions make up. The task-queue figures are small shares of the
// steps (0.3 to 1 %), so their statistics sample 300,000 rows rather than 30,000.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A business unit lies in one region; a status belongs to one kind.
    create statistics if not exists workflows_place_stats (dependencies, mcv)
      on region_id, business_unit_id from workflows;
    create statistics if not exists workflows_kind_status_stats (dependencies, mcv)
      on kind_id, status_id from workflows;
    -- Task queues: open (enabled) steps per step group.
    create statistics if not exists workflow_steps_open_group_stats (dependencies, mcv)
      on step_group_tag, state from workflow_steps;
    alter statistics workflow_steps_open_group_stats set statistics 1000;
    -- Alert counts: open alerts (resolved_at null, an MCV item) per tag and colour.
    create statistics if not exists workflow_alerts_open_tag_stats (dependencies, mcv)
      on alert_tag, cat_color_label, resolved_at from workflow_alerts;
    analyze workflows;
    analyze workflow_steps;
    analyze workflow_alerts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop statistics if exists workflows_place_stats, workflows_kind_status_stats,
      workflow_steps_open_group_stats, workflow_alerts_open_tag_stats;
  `.execute(db);
}
