import {
  TASK_COUNT_LIMIT,
  TASK_TABS,
  type TaskCounts,
  type TaskCountsQuery,
  type TaskFilters,
  type TaskListPage,
  type TaskListQuery,
  type TaskTab,
  type WorkflowDefinition,
} from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { type AccessScope, accessScopeOf } from '../../platform/auth/access-scope.js';
import { pageResponse } from '../../platform/page-response.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { badgeChipsOf } from '../badges/index.js';
import { loadDefinition } from '../workflows/index.js';
import { mayReassign } from './task-offers.js';
import { taskRowExtrasRepository as extrasRepo } from './task-row-extras.repository.js';
import { buildTaskRows } from './task-rows.js';
import { assertTabOffered, offersTab } from './task-tabs.js';
import { todayIso } from './task-today.js';
import { tasksListRepository as repo, type TabSource, type TaskScope } from './tasks-list.repository.js';

const DAY_MS = 86_400_000;

type Viewer = { userId: string; scope: AccessScope; groupIds: string[]; delegatorIds: string[]; now: Date };

// Who the viewer is to the tabs: their grants (the platform's two queries) and, in one more query,
// their groups and today's delegators.
async function viewerOf(tx: Tx, ctx: UserContext): Promise<Viewer> {
  const userId = ctx.auth.user.id;
  const now = new Date();
  const scope = await accessScopeOf(tx, userId);
  const { groupIds, delegatorIds } = await repo.viewerSources(tx, userId, todayIso(now));
  return { userId, scope, groupIds, delegatorIds, now };
}

function sourceOf(viewer: Viewer, tab: TaskTab): TabSource {
  if (tab === 'mine') return { by: 'user', ids: [viewer.userId] };
  if (tab === 'group') return { by: 'group', ids: viewer.groupIds };
  if (tab === 'delegated') return { by: 'user', ids: viewer.delegatorIds };
  return { by: 'all' };
}

function scopeOf(ctx: UserContext, viewer: Viewer, source: TabSource, filters: TaskFilters): TaskScope {
  const today = Date.parse(`${todayIso(viewer.now)}T00:00:00Z`);
  return {
    tenantId: ctx.tenant.id,
    source,
    regionIds: viewer.scope.regions.map((g) => g.id),
    unitIds: viewer.scope.businessUnits.map((g) => g.id),
    filters,
    now: viewer.now,
    tomorrow: new Date(today + DAY_MS),
    weekEnd: new Date(today + 8 * DAY_MS),
  };
}

// Each distinct definition of the page, from the workflows module's cache.
async function definitionsOf(tx: Tx, tenantId: string, ids: readonly string[]) {
  const definitions = new Map<string, WorkflowDefinition>();
  for (const id of new Set(ids)) definitions.set(id, await loadDefinition(tx, tenantId, id));
  return definitions;
}

// GET /api/v1/tasks/ (docs/tasks.md): one tab's page with its count (exact up to TASK_COUNT_LIMIT,
// reading no more index entries than that, then the planner's estimate) in one query, and the rows'
// extras read in one query for the whole page.
export function listTasks(
  ctx: UserContext,
  request: FastifyRequest,
  query: TaskListQuery,
): Promise<TaskListPage> {
  assertTabOffered(ctx, query.tab);
  const { tab, sort, limit, offset, ...filters } = query;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    const scope = scopeOf(ctx, viewer, sourceOf(viewer, tab), filters);
    const found = await repo.pageAndCount(tx, scope, sort, { limit, offset }, TASK_COUNT_LIMIT);
    const keys = found.keys;
    let count = found.count;
    const estimated = count > TASK_COUNT_LIMIT;
    if (estimated) count = Math.max(await repo.estimate(tx, scope), TASK_COUNT_LIMIT + 1);
    const pageKeys = {
      tenantId: ctx.tenant.id,
      workflowIds: keys.map((k) => k.workflow_id),
      stepTags: keys.map((k) => k.step_tag),
    };
    const extrasRows = await extrasRepo.pageExtras(tx, pageKeys, readerLocale(ctx), viewer.userId);
    const extras = {
      rows: extrasRows,
      definitions: await definitionsOf(
        tx,
        ctx.tenant.id,
        extrasRows.map((w) => w.definition_id),
      ),
    };
    const rows = buildTaskRows(
      keys,
      extras,
      {
        userId: viewer.userId,
        groupIds: new Set(viewer.groupIds),
        scope: viewer.scope,
        mayReassign: mayReassign(ctx.auth.permissions),
        now: viewer.now,
      },
      tab === 'delegated',
    );
    // Issue 19: the page's badges in one query, beside each row.
    const badges = await badgeChipsOf(tx, [...new Set(pageKeys.workflowIds)], readerLocale(ctx));
    const withBadges = rows.map((row) => ({ ...row, badges: badges.get(String(row.workflow_id)) ?? [] }));
    return {
      ...pageResponse(request, withBadges, count, { limit, offset }),
      count_is_estimate: estimated,
    };
  });
}

// GET /api/v1/tasks/counts/: each offered tab's tasks under the same filters, exact up to
// TASK_COUNT_LIMIT (a count above answers TASK_COUNT_LIMIT + 1); null for a tab not offered. All
// the tabs in one query.
export function countTasks(ctx: UserContext, filters: TaskCountsQuery): Promise<TaskCounts> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, ctx);
    const scopes = new Map<TaskTab, TaskScope>();
    for (const tab of TASK_TABS) {
      if (offersTab(ctx, tab)) scopes.set(tab, scopeOf(ctx, viewer, sourceOf(viewer, tab), filters));
    }
    const found = await repo.countsUpTo(tx, scopes, TASK_COUNT_LIMIT);
    const counts: TaskCounts = { mine: null, group: null, delegated: null, all: null };
    for (const [tab, n] of found) counts[tab] = n;
    return counts;
  });
}
