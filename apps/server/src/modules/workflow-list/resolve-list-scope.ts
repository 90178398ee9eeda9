import {
  catalogueIndex,
  type FilterAttribute,
  validateConditionGroup,
  type WorkflowListState,
} from '@attest/shared';
import { DetailedBadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { catalogueForKinds, withChildKinds } from './kind-catalogue.js';
import { type ListOrdering, listOrdering } from './list-ordering.js';

export type ResolvedListScope = {
  // null: every kind.
  kindIds: string[] | null;
  catalogue: Map<string, FilterAttribute>;
  ordering: ListOrdering;
};

// What a list state selects before any SQL is built: its kinds (with their child kinds when asked),
// the attribute catalogue of those kinds, the advanced filters checked against it (400 with every
// problem's key, never a condition silently dropped) and the ordering. The list (GET workflows/) and
// the export share it, so an export holds exactly the rows the list shows.
export async function resolveListScope(
  tx: Tx,
  tenantId: string,
  state: WorkflowListState,
): Promise<ResolvedListScope> {
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
  // The default state is an empty AND group: no filter.
  if (filters && (filters.conditions.length > 0 || filters.groups.length > 0)) {
    const { problems } = validateConditionGroup(filters, catalogue);
    const first = problems[0];
    if (first) {
      throw new DetailedBadRequestError(
        'invalid_filter',
        `advanced_filters: ${first.key} at '${first.path}'.`,
        {
          problems,
        },
      );
    }
  }
  return { kindIds, catalogue, ordering: listOrdering(state.ordering, catalogue) };
}
