import type { Insertable } from 'kysely';
import type { WorkflowActivityTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// A workflow's activity log (workflow_activity). Row-level security keeps every query to the
// transaction's tenant.
export const workflowActivityRepository = {
  async insertMany(tx: Tx, rows: Insertable<WorkflowActivityTable>[]) {
    await tx.insertInto('workflow_activity').values(rows).execute();
  },

  // One page of a workflow's entries with their actors, newest first, and the total.
  async page(tx: Tx, workflowId: string, page: { limit: number; offset: number }) {
    const base = tx.selectFrom('workflow_activity as a').where('a.workflow_id', '=', workflowId);
    const [rows, total] = await Promise.all([
      base
        .leftJoin('users as u', 'u.id', 'a.actor_user_id')
        .select([
          'a.id',
          'a.action',
          'a.step_tag',
          'a.field_tag',
          'a.details',
          'a.created_at',
          'a.actor_user_id',
          'u.email',
          'u.first_name',
          'u.last_name',
        ])
        .orderBy('a.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },
};
