import type { Insertable } from 'kysely';
import type { WorkflowsTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

const WORKFLOW_COLUMNS = [
  'id',
  'kind_id',
  'definition_id',
  'name',
  'status_id',
  'region_id',
  'business_unit_id',
  'parent_id',
  'parent_field_tag',
  'progress',
  'completed_steps',
  'is_locked',
  'created_by',
  'created_at',
  'cycle_start',
  'cycle_end',
  'archived_at',
  'test_environment',
] as const;

export type WorkflowRow = Awaited<ReturnType<typeof workflowsRepository.find>> & {};

// The workflows table itself. Row-level security keeps every query to the transaction's tenant.
export const workflowsRepository = {
  // `forUpdate` locks the row so that two concurrent changes of one workflow apply one after the other.
  find(tx: Tx, id: string, forUpdate: boolean) {
    const query = tx.selectFrom('workflows').select(WORKFLOW_COLUMNS).where('id', '=', id);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  },

  // Ids come back in the order of `rows` (Postgres keeps a multi-row VALUES insert's order).
  insertMany: (tx: Tx, rows: Insertable<WorkflowsTable>[]) =>
    tx.insertInto('workflows').values(rows).returning('id').execute(),

  // What the engine derives from the workflow's state after a change.
  async updateState(
    tx: Tx,
    id: string,
    state: {
      status_id: string;
      progress: number;
      completed_steps: string[];
      updated_at: Date;
      cycle_end: Date | null;
    },
  ) {
    await tx.updateTable('workflows').set(state).where('id', '=', id).execute();
  },

  async archive(tx: Tx, id: string, by: string, at: Date) {
    await tx
      .updateTable('workflows')
      .set({ archived_at: at, archived_by: by, updated_at: at })
      .where('id', '=', id)
      .execute();
  },
};
