import { catalogueIndex, validateConditionGroup, type WorkflowListState } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { DetailedBadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { catalogueForKinds, withChildKinds } from '../dashboard/kind-catalogue.js';
import { countMatches } from '../dashboard/list.repository.js';
import { type ListOrdering, listOrdering, orderBySql } from '../dashboard/list-ordering.js';
import { listWhere } from '../dashboard/list-where.js';
import { visibleWorkflowsFilter } from '../workflows/workflow-access.js';

export type ExportSelectionInput = { tenantId: string; userId: string; state: WorkflowListState };
export type ExportScope = ExportSelectionInput & { where: RawBuilder<SqlBool>; ordering: ListOrdering };

// The workflows an export holds: exactly the rows the dashboard's list shows for the same filters
// (its kinds with their children, its catalogue and validator, its where-clause and ordering), without
// its paging. Throws the list's own 400s for filters it would refuse.
export async function exportScope(tx: Tx, input: ExportSelectionInput): Promise<ExportScope> {
  const { state, tenantId } = input;
  const chosen = [
    ...new Set([...(state.kind_id === undefined ? [] : [state.kind_id]), ...state.kind_id__in]),
  ].map(String);
  const kindIds =
    chosen.length === 0
      ? null
      : state.include_kind_children
        ? await withChildKinds(tx, tenantId, chosen)
        : chosen;
  const catalogue = catalogueIndex(await catalogueForKinds(tx, tenantId, kindIds));
  const filters = state.advanced_filters;
  if (filters && (filters.conditions.length > 0 || filters.groups.length > 0)) {
    const first = validateConditionGroup(filters, catalogue).problems[0];
    if (first) {
      throw new DetailedBadRequestError(
        'invalid_filter',
        `advanced_filters: ${first.key} at '${first.path}'.`,
        {
          problems: [first],
        },
      );
    }
  }
  const ordering = listOrdering(state.ordering, catalogue);
  const where = listWhere({ state, kindIds, userId: input.userId, catalogue, now: new Date() });
  return { ...input, where, ordering };
}

export function orderedWorkflows(tx: Tx, scope: ExportScope) {
  const tag = scope.ordering.answerFieldTag;
  // Ordering by an answer joins it as `o`, as the list does.
  return (
    tx
      .selectFrom('workflows as w')
      .where('w.tenant_id', '=', scope.tenantId)
      .where(visibleWorkflowsFilter(scope.userId))
      .where(scope.where)
      .$if(tag !== null, (query) =>
        query.leftJoin('workflow_responses as o', (join) =>
          join
            .onRef('o.tenant_id', '=', 'w.tenant_id')
            .onRef('o.workflow_id', '=', 'w.id')
            .on('o.field_tag', '=', tag ?? '')
            .on('o.is_current', '=', true),
        ),
      )
      // The list puts the rows without the answer after those with it, whatever the direction.
      .$if(tag !== null, (query) => query.orderBy(sql`(${scope.ordering.expr} is null)`))
      .orderBy(orderBySql(scope.ordering))
  );
}

// The list's count: exact up to its threshold, the planner's estimate above (the job's rows written
// replace it when the file is finished).
export async function countSelected(tx: Tx, scope: ExportScope): Promise<number> {
  return (await countMatches(tx, scope)).count;
}
