import type { Tx } from '../../platform/tenant-transaction.js';

// A person's follow-up day on a task (task_follow_ups): theirs alone, one per task.
export const taskFollowUpsRepository = {
  async set(
    tx: Tx,
    row: { tenantId: string; userId: string; workflowId: string; stepTag: string; on: string },
  ) {
    await tx
      .insertInto('task_follow_ups')
      .values({
        tenant_id: row.tenantId,
        user_id: row.userId,
        workflow_id: row.workflowId,
        step_tag: row.stepTag,
        follow_up_on: row.on,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'user_id', 'workflow_id', 'step_tag']).doUpdateSet({ follow_up_on: row.on }),
      )
      .execute();
  },

  async clear(tx: Tx, userId: string, workflowId: string, stepTag: string) {
    await tx
      .deleteFrom('task_follow_ups')
      .where('user_id', '=', userId)
      .where('workflow_id', '=', workflowId)
      .where('step_tag', '=', stepTag)
      .execute();
  },

  async stepExists(tx: Tx, workflowId: string, stepTag: string) {
    const row = await tx
      .selectFrom('workflow_steps')
      .select('step_tag')
      .where('workflow_id', '=', workflowId)
      .where('step_tag', '=', stepTag)
      .executeTakeFirst();
    return row !== undefined;
  },
};
