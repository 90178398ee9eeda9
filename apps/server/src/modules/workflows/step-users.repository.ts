import type { Insertable } from 'kysely';
import type { WorkflowStepUsersTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { workflowDetailRepository } from './workflow-detail.repository.js';

// Step assignees (workflow_step_users): one row per user or group on a step. Row-level security keeps
// every query to the transaction's tenant.
export const stepUsersRepository = {
  list: (tx: Tx, workflowId: string, stepTag: string) =>
    workflowDetailRepository.stepUsers(tx, workflowId, stepTag),

  groupIdsOf: workflowDetailRepository.groupIdsOf,

  user: (tx: Tx, id: string) =>
    tx
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name'])
      .where('id', '=', id)
      .executeTakeFirst(),

  group: (tx: Tx, id: string) =>
    tx.selectFrom('groups').select('name').where('id', '=', id).executeTakeFirst(),

  async isAssigned(tx: Tx, workflowId: string, stepTag: string, who: { userId?: string; groupId?: string }) {
    const row = await tx
      .selectFrom('workflow_step_users')
      .select('id')
      .where('workflow_id', '=', workflowId)
      .where('step_tag', '=', stepTag)
      .where((eb) =>
        who.userId !== undefined ? eb('user_id', '=', who.userId) : eb('group_id', '=', who.groupId ?? ''),
      )
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(
    tx: Tx,
    row: {
      tenantId: string;
      workflowId: string;
      stepTag: string;
      userId: string | null;
      groupId: string | null;
      addedBy: string;
    },
  ) {
    await tx
      .insertInto('workflow_step_users')
      .values({
        tenant_id: row.tenantId,
        workflow_id: row.workflowId,
        step_tag: row.stepTag,
        user_id: row.userId,
        group_id: row.groupId,
        added_by: row.addedBy,
      })
      .execute();
  },

  async insertMany(tx: Tx, rows: Insertable<WorkflowStepUsersTable>[]) {
    await tx.insertInto('workflow_step_users').values(rows).execute();
  },

  // A definition's assignees by name: groups by name, users by e-mail (lower-cased). The tenant is
  // named as well as set for row-level security: the demo seed runs this as the tables' owner.
  groupsNamed: (tx: Tx, tenantId: string, names: string[]) =>
    tx
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('name', 'in', names)
      .execute(),

  usersWithEmails: (tx: Tx, tenantId: string, emails: string[]) =>
    tx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute(),

  async delete(tx: Tx, id: string) {
    await tx.deleteFrom('workflow_step_users').where('id', '=', id).execute();
  },
};
