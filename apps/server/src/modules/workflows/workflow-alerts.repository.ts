import type { Insertable } from 'kysely';
import type { WorkflowAlertsTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export type OpenAlertRow = { id: string; rule_tag: string };

// The alerts a workflow's rules raise (workflow_alerts); a resolved alert stays on record.
export const workflowAlertsRepository = {
  open: (tx: Tx, workflowId: string): Promise<OpenAlertRow[]> =>
    tx
      .selectFrom('workflow_alerts')
      .select(['id', 'rule_tag'])
      .where('workflow_id', '=', workflowId)
      .where('resolved_at', 'is', null)
      .execute(),

  async resolve(tx: Tx, ids: string[], at: Date) {
    await tx.updateTable('workflow_alerts').set({ resolved_at: at }).where('id', 'in', ids).execute();
  },

  async insertMany(tx: Tx, rows: Insertable<WorkflowAlertsTable>[]) {
    await tx.insertInto('workflow_alerts').values(rows).execute();
  },
};
