import type { WorkflowListState } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/workflow-access.js';

export type ExportSelectionInput = { tenantId: string; userId: string; state: WorkflowListState };

// The workflows an export holds: exactly the rows the dashboard's list shows for the same filters,
// in its order, without its paging.
// TODO(list-api): replace with the dashboard's query builder once it lands.
export function selectedWorkflows(tx: Tx, input: ExportSelectionInput) {
  let query = tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', input.tenantId)
    .where(visibleWorkflowsFilter(input.userId));
  query = input.state.archived
    ? query.where('w.archived_at', 'is not', null)
    : query.where('w.archived_at', 'is', null);
  if (input.state.kind_id !== undefined) query = query.where('w.kind_id', '=', String(input.state.kind_id));
  return query;
}

export function orderedWorkflows(tx: Tx, input: ExportSelectionInput) {
  return selectedWorkflows(tx, input).orderBy('w.created_at', 'desc').orderBy('w.id', 'desc');
}

export async function countSelected(tx: Tx, input: ExportSelectionInput): Promise<number> {
  const row = await selectedWorkflows(tx, input)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
