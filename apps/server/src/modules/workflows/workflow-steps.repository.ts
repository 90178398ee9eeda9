import type { Insertable } from 'kysely';
import type { WorkflowStepsTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { StepRow } from './step-rows.js';

const STEP_COLUMNS = [
  'step_tag',
  'step_group_tag',
  'position',
  'state',
  'initiated_at',
  'completed_at',
  'completed_by',
  'submit_count',
  'sla_hours',
  'sla_breach_at',
] as const;

// A workflow's step rows (workflow_steps), as the engine derives them (step-rows.ts). Row-level
// security keeps every query to the transaction's tenant.
export const workflowStepsRepository = {
  list: (tx: Tx, workflowId: string): Promise<StepRow[]> =>
    tx.selectFrom('workflow_steps').select(STEP_COLUMNS).where('workflow_id', '=', workflowId).execute(),

  async insert(tx: Tx, tenantId: string, workflowId: string, row: StepRow) {
    await tx
      .insertInto('workflow_steps')
      .values({ tenant_id: tenantId, workflow_id: workflowId, ...row })
      .execute();
  },

  async insertMany(tx: Tx, rows: Insertable<WorkflowStepsTable>[]) {
    await tx.insertInto('workflow_steps').values(rows).execute();
  },

  async update(tx: Tx, workflowId: string, row: StepRow, at: Date) {
    await tx
      .updateTable('workflow_steps')
      .set({ ...row, updated_at: at })
      .where('workflow_id', '=', workflowId)
      .where('step_tag', '=', row.step_tag)
      .execute();
  },

  // True when the lock changed (a step already in the wanted state is left alone).
  async setLocked(tx: Tx, workflowId: string, stepTag: string, isLocked: boolean) {
    const changed = await tx
      .updateTable('workflow_steps')
      .set({ is_locked: isLocked, updated_at: new Date() })
      .where('workflow_id', '=', workflowId)
      .where('step_tag', '=', stepTag)
      .where('is_locked', '=', !isLocked)
      .executeTakeFirst();
    return Number(changed.numUpdatedRows) > 0;
  },
};
