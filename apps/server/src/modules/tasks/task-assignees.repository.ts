import type { Tx } from '../../platform/tenant-transaction.js';

export type TaskAssigneeRow = {
  id: string;
  user_id: string | null;
  group_id: string | null;
  name: string;
};

function personName(row: { first_name: string | null; last_name: string | null; email: string | null }) {
  return `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || (row.email ?? '');
}

// The people and groups on a task's step (workflow_step_users), as claim, unclaim and reassign change
// them. open_tasks follows these rows by its triggers, in the same transaction. Row-level security
// keeps every query to the transaction's tenant.
export const taskAssigneesRepository = {
  // Locks the step's row, so two claims of one task check its assignees one after the other; null
  // when the workflow has no such step.
  async lockStep(tx: Tx, workflowId: string, stepTag: string) {
    const row = await tx
      .selectFrom('workflow_steps')
      .select('state')
      .where('workflow_id', '=', workflowId)
      .where('step_tag', '=', stepTag)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  },

  async list(tx: Tx, workflowId: string, stepTag: string): Promise<TaskAssigneeRow[]> {
    const rows = await tx
      .selectFrom('workflow_step_users as su')
      .leftJoin('users as u', 'u.id', 'su.user_id')
      .leftJoin('groups as g', 'g.id', 'su.group_id')
      .select([
        'su.id',
        'su.user_id',
        'su.group_id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'g.name as group_name',
      ])
      .where('su.workflow_id', '=', workflowId)
      .where('su.step_tag', '=', stepTag)
      .orderBy('su.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      group_id: r.group_id,
      name: r.user_id === null ? (r.group_name ?? '') : personName(r),
    }));
  },

  async groupIdsOf(tx: Tx, userId: string): Promise<Set<string>> {
    const rows = await tx
      .selectFrom('user_groups')
      .select('group_id')
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((r) => r.group_id));
  },

  // An active user of the transaction's tenant, with the name the activity log and events show.
  async activeUser(tx: Tx, userId: string) {
    const row = await tx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    return row ? { id: row.id, name: personName(row) } : null;
  },

  async addUser(
    tx: Tx,
    row: { tenantId: string; workflowId: string; stepTag: string; userId: string; addedBy: string },
  ) {
    await tx
      .insertInto('workflow_step_users')
      .values({
        tenant_id: row.tenantId,
        workflow_id: row.workflowId,
        step_tag: row.stepTag,
        user_id: row.userId,
        group_id: null,
        added_by: row.addedBy,
      })
      .execute();
  },

  async remove(tx: Tx, ids: readonly string[]) {
    if (ids.length === 0) return;
    await tx.deleteFrom('workflow_step_users').where('id', 'in', ids).execute();
  },
};
