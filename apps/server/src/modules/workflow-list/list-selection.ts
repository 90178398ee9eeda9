import type { WorkflowListState } from '@attest/shared';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { countMatches } from './list.repository.js';
import type { ListOrdering } from './list-ordering.js';
import { listWhere } from './list-where.js';
import { resolveListScope } from './resolve-list-scope.js';

export type ListSelectionInput = { tenantId: string; userId: string; state: WorkflowListState };
export type ListSelection = ListSelectionInput & { where: RawBuilder<SqlBool>; ordering: ListOrdering };

// The workflows a list's filters select, whole: exactly the rows the dashboard's list shows for the
// same filters (its kinds with their children, its catalogue and validator, its where-clause over
// `workflows as w` and ordering), without its paging. An export and a batch update hold these rows;
// the list's visibility rule (visibleWorkflowsFilter) is the caller's to add, as the list adds it.
// Throws the list's own 400s for filters it would refuse.
export async function listSelection(tx: Tx, input: ListSelectionInput): Promise<ListSelection> {
  const { state, tenantId } = input;
  const { kindIds, catalogue, ordering } = await resolveListScope(tx, tenantId, state);
  const where = listWhere({ state, kindIds, tenantId, userId: input.userId, catalogue, now: new Date() });
  return { ...input, where, ordering };
}

// The list's count: exact up to its threshold, the planner's estimate above.
export async function countSelected(tx: Tx, scope: ListSelection): Promise<number> {
  return (await countMatches(tx, scope)).count;
}
