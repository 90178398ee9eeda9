import {
  DEFAULT_LIST_ORDERING,
  decodeListQuery,
  type KindWorkflowCounts,
  type KindWorkflowCountsQuery,
  type WorkflowListState,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import { withTenantReadOnly } from '../../platform/read-replica/read-only.js';
import type { UserContext } from '../../platform/request-context.js';
import { countVisibleMatchesEach } from './counts.repository.js';
import { checkListEnvironment } from './list-environment.js';
import { kindIdsWithDefinition } from './list-kinds.repository.js';
import { listWhere } from './list-where.js';
import { myTasksForms } from './my-tasks.js';
import { resolveListScope } from './resolve-list-scope.js';

// The list state a sidebar count applies: the list's decoder (400 on what the list refuses), without
// ordering (counts are not ordered: an ordering on an answer would need a kind's catalogue for
// nothing). Shared by the kind counts and a kind's queue and alert counts.
export function countState(query: KindWorkflowCountsQuery): WorkflowListState {
  const decoded = decodeListQuery(query);
  if (!decoded.ok) {
    const { param, key, detail } = decoded.problem;
    throw new BadRequestError(`${param}: ${detail ?? key}`, { [param]: [key] });
  }
  return { ...decoded.state, ordering: DEFAULT_LIST_ORDERING };
}

// GET workflow-kinds/counts/: for every kind with a current definition, the `count` GET workflows/
// would answer for these filters with kind_id set to that kind. One request for the whole sidebar
// instead of one list request per kind. Same decoder, same scope (advanced filters validated against
// the catalogue of a list without a kind, 400 otherwise), same WHERE and the same count rule
// (countVisibleMatches), so each count equals the list's by construction.
export function kindWorkflowCounts(
  ctx: UserContext,
  query: KindWorkflowCountsQuery,
): Promise<KindWorkflowCounts> {
  const state = countState(query);
  checkListEnvironment(ctx, state);
  return withTenantReadOnly(ctx.db, ctx.tenant.id, async (tx) => {
    const tenantId = ctx.tenant.id;
    const userId = ctx.auth.user.id;
    const { catalogue } = await resolveListScope(tx, tenantId, state);
    const kindIds = await kindIdsWithDefinition(tx, tenantId);
    // My tasks' form depends on the user's open tasks, not on the kind: chosen once.
    const forms =
      state.filter_by_group === undefined
        ? undefined
        : await myTasksForms(tx, { tenantId, userId, group: state.filter_by_group });
    const now = new Date();
    // The count rule per kind, in two statements for all kinds (one EXPLAIN, one capped count of the
    // kinds it does not answer), rather than one grouped count that would read every match.
    const wheres = kindIds.map((kindId) =>
      listWhere({
        state,
        kindIds: [kindId],
        tenantId,
        userId,
        catalogue,
        now,
        myTasksForm: forms?.count,
        myGroupIds: forms?.groupIds,
      }),
    );
    const counts = await countVisibleMatchesEach(tx, { tenantId, userId }, wheres);
    const results: KindWorkflowCounts['results'] = kindIds.map((kindId, i) => ({
      kind_id: Number(kindId),
      count: counts[i]?.count ?? 0,
      count_is_estimate: counts[i]?.estimate ?? false,
    }));
    return { results };
  });
}
