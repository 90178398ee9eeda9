import type { WorkflowListState } from '@attest/shared';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { countMatches, type ListOrdering, listWhere, resolveListScope } from '../workflow-list/index.js';

export type ExportSelectionInput = { tenantId: string; userId: string; state: WorkflowListState };
export type ExportScope = ExportSelectionInput & { where: RawBuilder<SqlBool>; ordering: ListOrdering };

// The workflows an export holds: exactly the rows the dashboard's list shows for the same filters
// (its kinds with their children, its catalogue and validator, its where-clause and ordering), without
// its paging. Throws the list's own 400s for filters it would refuse.
export async function exportScope(tx: Tx, input: ExportSelectionInput): Promise<ExportScope> {
  const { state, tenantId } = input;
  const { kindIds, catalogue, ordering } = await resolveListScope(tx, tenantId, state);
  const where = listWhere({ state, kindIds, tenantId, userId: input.userId, catalogue, now: new Date() });
  return { ...input, where, ordering };
}

// The list's count: exact up to its threshold, the planner's estimate above (the job's rows written
// replace it when the file is finished).
export async function countSelected(tx: Tx, scope: ExportScope): Promise<number> {
  return (await countMatches(tx, scope)).count;
}
