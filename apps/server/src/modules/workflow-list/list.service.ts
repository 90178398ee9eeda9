import {
  DEFAULT_LIST_ORDERING,
  decodeListQuery,
  type WorkflowListPage,
  type WorkflowListQuery,
} from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.js';
import { pageResponse } from '../../platform/page-response.js';
import { onReplicaOr } from '../../platform/read-replica/read-only.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { dayWalkOf, stateWithoutWalk } from './answer-day-walk.js';
import { pageByDayWalk } from './answer-day-walk.repository.js';
import { countMatches, DEEP_PAGE_OFFSET, listPage, listPageCounted } from './list.repository.js';
import { checkListEnvironment } from './list-environment.js';
import { listItems } from './list-items.js';
import { listWhere } from './list-where.js';
import { myTasksForms } from './my-tasks.js';
import {
  estimatedNameCount,
  nameMatchIds,
  nameSearchPhrase,
  nameShare,
  pageNameForm,
} from './name-search.js';
import { resolveListScope } from './resolve-list-scope.js';

// GET workflows/ (spec 1 §7): decode the query with the shared decoder, validate advanced filters
// with the shared validator against the listed kinds' catalogue (400 with every problem's key, never
// a condition silently dropped), then one filtered query for the page and one for the count.
export function listWorkflows(
  ctx: UserContext,
  request: FastifyRequest,
  query: WorkflowListQuery,
): Promise<WorkflowListPage> {
  const decoded = decodeListQuery(query);
  if (!decoded.ok) {
    const { param, key, detail } = decoded.problem;
    throw new BadRequestError(`${param}: ${detail ?? key}`, { [param]: [key] });
  }
  const { state, limit, offset } = decoded;
  checkListEnvironment(ctx, state);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const tenantId = ctx.tenant.id;
    const { kindIds, catalogue, ordering } = await resolveListScope(tx, tenantId, state);
    const now = new Date();
    const forms =
      state.filter_by_group === undefined
        ? { page: 'semi' as const, count: 'semi' as const, groupIds: undefined }
        : await myTasksForms(tx, { tenantId, userId: ctx.auth.user.id, group: state.filter_by_group });
    // Issue 17: a name search (q) reads a common phrase along the list's order and estimates its
    // count from the phrase's share; a rare one from the trigram index (name-search.ts).
    const phrase = nameSearchPhrase(state.q);
    const share = phrase === null ? null : await nameShare(tx, tenantId, phrase);
    const pageNames = share === null ? 'index' : pageNameForm(share, { limit, offset });
    // A rare phrase's matches are read once, for the page and the count alike.
    const nameIds = phrase !== null && share?.common === false ? await nameMatchIds(tx, phrase) : undefined;
    const whereOf = (myTasksForm: 'semi' | 'probe', nameForm: 'index' | 'walk', listState = state) =>
      listWhere({
        state: listState,
        kindIds,
        tenantId,
        userId: ctx.auth.user.id,
        catalogue,
        now,
        myTasksForm,
        myGroupIds: forms.groupIds,
        nameForm,
        nameIds,
      });
    const scopeOf = (myTasksForm: 'semi' | 'probe', nameForm: 'index' | 'walk') => ({
      tenantId,
      userId: ctx.auth.user.id,
      where: whereOf(myTasksForm, nameForm),
    });
    const pageScope = scopeOf(forms.page, pageNames);
    const countScope =
      forms.count === forms.page && pageNames === 'index' ? pageScope : scopeOf(forms.count, 'index');
    // A rare phrase's page reads every match to sort them: it counts them in the same statement.
    const counted =
      nameIds !== undefined && !ordering.answerFieldTag && offset < DEEP_PAGE_OFFSET
        ? await listPageCounted(tx, { ...pageScope, ordering }, { limit, offset })
        : undefined;
    // A date answer's range, newest first: each day's newest matches, merged (answer-day-walk.ts).
    const walk = counted ? null : dayWalkOf(state, catalogue, now, { limit, offset });
    const page = () =>
      walk
        ? pageByDayWalk(
            tx,
            {
              tenantId,
              userId: ctx.auth.user.id,
              otherFilters: whereOf(forms.page, pageNames, stateWithoutWalk(state, walk)),
              ordering,
            },
            walk,
            { limit, offset },
          )
        : listPage(tx, { ...pageScope, ordering }, { limit, offset });
    const [rows, total] = await Promise.all([
      counted ? counted.rows : page(),
      counted && counted.total !== null
        ? { count: counted.total, estimate: false }
        : // Issue 17: the count, most of the request's database time, on the read replica when fresh.
          // With the list's state: a count the kept per-day counts hold is summed from them (exact).
          onReplicaOr(ctx.db, tx, tenantId, async (countTx) => {
            if (share !== null) {
              const estimated = await estimatedNameCount(
                countTx,
                {
                  tenantId,
                  userId: ctx.auth.user.id,
                  whereWithoutName: whereOf(forms.count, 'index', { ...state, q: undefined }),
                },
                share,
              );
              if (estimated) return estimated;
            }
            return countMatches(countTx, { ...countScope, kept: { state, kindIds } });
          }),
    ]);
    const listContext = {
      tenantId,
      userId: ctx.auth.user.id,
      locale: readerLocale(ctx),
      defaultOrder: state.ordering === DEFAULT_LIST_ORDERING,
    };
    const results = await listItems(tx, listContext, rows, {
      offset,
      count: total.count,
      descending: ordering.descending,
    });
    return {
      ...pageResponse(request, results, total.count, { limit, offset }),
      count_is_estimate: total.estimate,
    };
  });
}
