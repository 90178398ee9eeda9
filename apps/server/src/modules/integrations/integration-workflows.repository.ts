import type { Tx } from '../../platform/tenant-transaction.js';

// The workflows integration runs belong to (the transaction's tenant).

export type AnsweringWorkflowRow = {
  id: string;
  kind_id: string;
  definition_id: string;
  cycle_end: Date | null;
  completed_steps: string[];
  archived_at: Date | null;
};

// The workflow whose answers a connector writes, locked (FOR UPDATE) until the transaction ends.
export function lockWorkflowForAnswers(
  tx: Tx,
  workflowId: string,
): Promise<AnsweringWorkflowRow | undefined> {
  return tx
    .selectFrom('workflows')
    .select(['id', 'kind_id', 'definition_id', 'cycle_end', 'completed_steps', 'archived_at'])
    .where('id', '=', workflowId)
    .forUpdate()
    .executeTakeFirst();
}

export type RunWorkflowRow = { id: string; name: string; definition_id: string };

export function findRunWorkflow(tx: Tx, workflowId: string): Promise<RunWorkflowRow> {
  return tx
    .selectFrom('workflows')
    .select(['id', 'name', 'definition_id'])
    .where('id', '=', workflowId)
    .executeTakeFirstOrThrow();
}
