import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// Undo of a workflows import (plan §4.5): a workflow the import created goes again, unless someone
// acted on it since (any workflow_activity row after the last one the import left).
export const importUndoRepository = {
  deleteUnchangedWorkflow: async (tx: Tx, workflowId: string, activityIdAfter: string): Promise<boolean> => {
    const locked = await tx
      .selectFrom('workflows')
      .select('id')
      .where('id', '=', workflowId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return true;
    const later = await tx
      .selectFrom('workflow_activity')
      .select('id')
      .where('workflow_id', '=', workflowId)
      .where('id', '>', activityIdAfter)
      .limit(1)
      .executeTakeFirst();
    if (later) return false;
    const children = await tx
      .selectFrom('workflows')
      .select('id')
      .where('parent_id', '=', workflowId)
      .limit(1)
      .executeTakeFirst();
    if (children) return false;
    await tx.deleteFrom('workflow_step_group_cycles').where('workflow_id', '=', workflowId).execute();
    await sql`delete from workflows where id = ${workflowId}`.execute(tx);
    return true;
  },
};
