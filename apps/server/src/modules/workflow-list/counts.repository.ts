import { COUNT_EXACT_LIMIT, type RiskColorLabel } from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { createGrantsCache } from '../../platform/auth/grants-cache.js';
import { type Tx, tenantOfTransaction } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import { type CappedCount, type CountArm, cappedCounts, planEstimates } from './capped-count.repository.js';
import {
  estimateKey,
  recentEstimate,
  recentPlan,
  rememberEstimate,
  rememberPlan,
} from './count-estimates.js';
import { type KeptCountScope, keptCount, keptCountFits } from './kept-counts.repository.js';

// `where`: the list's filters (listWhere over `workflows as w`), so the counts follow them.
type KindScope = { tenantId: string; userId: string; kindId: string; where: RawBuilder<SqlBool> };
type MatchScope = { tenantId: string; userId: string; where: RawBuilder<SqlBool> };

// The visibility rule (visibleWorkflowsFilter: a grant on the workflow's region or business unit) in
// a form the planner can estimate: the user's grants as lists. Its correlated EXISTS are taken as
// matching 3 rows in 4 whatever the grants, which made every estimate 25 % low for a user who sees
// everything. Used for estimates only; the rows counted are the EXISTS form's. Over `workflows as
// w` by default; `place` for another table with the same rule (records, issue 18), whose rows have
// a region only when `everyRowHasRegion`.
export type EstimatePlace = {
  regionId: RawBuilder<unknown>;
  unitId: RawBuilder<unknown>;
  everyRowHasRegion: boolean;
};

const WORKFLOW_PLACE: EstimatePlace = {
  regionId: sql.ref('w.region_id'),
  unitId: sql.ref('w.business_unit_id'),
  everyRowHasRegion: true,
};

export async function visibleForEstimate(
  tx: Tx,
  userId: string,
  place: EstimatePlace = WORKFLOW_PLACE,
): Promise<RawBuilder<SqlBool>> {
  const tenantId = tenantOfTransaction(tx);
  const load = () => estimateGrantsOf(tx, userId);
  const grants = tenantId === undefined ? await load() : await estimateGrants.find(tenantId, userId, load);
  // Every region granted: every row (each has a region). Not as a list of them all, whose
  // estimate PostgreSQL takes as independent chances (69 % at 1M) once their frequencies sum past 1.
  if (
    place.everyRowHasRegion &&
    grants.region_ids.length > 0 &&
    new Set(grants.region_ids).size >= Number(grants.regions)
  ) {
    return sql<SqlBool>`true`;
  }
  const list = (ids: string[]) => sql.join(ids.map((id) => sql`cast(${id} as bigint)`));
  const parts: RawBuilder<SqlBool>[] = [];
  if (grants.region_ids.length > 0)
    parts.push(sql<SqlBool>`${place.regionId} in (${list(grants.region_ids)})`);
  if (grants.unit_ids.length > 0) parts.push(sql<SqlBool>`${place.unitId} in (${list(grants.unit_ids)})`);
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

type EstimateGrants = { regions: string; region_ids: string[]; unit_ids: string[] };

// Kept per process for a few seconds with the sessions (grants-cache.ts): a warm list request
// does not read them again. Access changes forget them as they forget the sessions.
const estimateGrants = createGrantsCache<EstimateGrants>();

// One statement: the user's grants (as accessScopeOf reads them) and how many regions there are.
async function estimateGrantsOf(tx: Tx, userId: string): Promise<EstimateGrants> {
  const { rows } = await sql<EstimateGrants>`
    select (select count(*) from regions) as regions,
      array(select region_id::text from user_region_access where user_id = ${userId}) as region_ids,
      array(select business_unit_id::text from user_business_unit_access where user_id = ${userId}) as unit_ids
  `.execute(tx);
  return rows[0] ?? { regions: '0', region_ids: [], unit_ids: [] };
}

// The visible workflows matching the list's filters, with the same rows for the planner's estimate.
function matchArm(tx: Tx, scope: MatchScope, visible: RawBuilder<SqlBool>): CountArm {
  const matching = () =>
    tx.selectFrom('workflows as w').where('w.tenant_id', '=', scope.tenantId).where(scope.where);
  return {
    matches: matching().where(visibleWorkflowsFilter(scope.userId)).select(sql`1`.as('one')),
    estimate: matching().where(visible).select(sql`1`.as('one')),
  };
}

// GET workflows/'s count (the count rule of cappedCount). With the list's state (`kept`), a status
// with a created range, whose filters the kept per-day counts hold (keptCountFits), is summed from
// them, exact at any size: open statuses are recent, which the planner cannot know (it took them
// as independent: 70 % high to 83 % low at 1M). Other shapes keep the rule: their estimates held
// within 5 % (docs/workflow-list.md), and few matches count faster from the list's indexes (a
// business unit's quarter: 2.7 ms index-only against 6.6 ms from the kept rows). An estimate is
// kept for a few seconds (count-estimates.ts); an exact count is made each time, its EXPLAIN only
// once in those seconds.
export async function countVisibleMatches(
  tx: Tx,
  scope: MatchScope & { kept?: KeptCountScope },
  exactLimit = COUNT_EXACT_LIMIT,
): Promise<CappedCount> {
  const { kept } = scope;
  if (kept && statusOverTime(kept) && keptCountFits(kept)) {
    return { count: await keptCount(tx, { ...scope, ...kept }), estimate: false };
  }
  const arm = matchArm(tx, scope, await visibleForEstimate(tx, scope.userId));
  const key = estimateKey(scope.tenantId, exactLimit, arm.estimate ?? arm.matches);
  const recent = recentEstimate(key);
  if (recent) return recent;
  // An exact count made a moment ago is made again without its EXPLAIN (count-estimates.ts).
  const planned = recentPlan(key) ?? (await planEstimates(tx, [arm]))[0] ?? 0;
  const [count] = (await cappedCounts(tx, [arm], exactLimit, [planned])) as [CappedCount];
  if (count.estimate) rememberEstimate(key, count);
  else rememberPlan(key, planned);
  return count;
}

function statusOverTime({ state }: KeptCountScope): boolean {
  return state.status__in.length > 0 && Boolean(state.created_range_after || state.created_range_before);
}

// The counts of several where-clauses over the same user's visible workflows (one per kind for the
// sidebar), in two statements whatever their number.
export async function countVisibleMatchesEach(
  tx: Tx,
  scope: Omit<MatchScope, 'where'>,
  wheres: RawBuilder<SqlBool>[],
): Promise<CappedCount[]> {
  const visible = await visibleForEstimate(tx, scope.userId);
  return cappedCounts(
    tx,
    wheres.map((where) => matchArm(tx, { ...scope, where }, visible)),
  );
}

// The visible, unarchived workflows of the kind with an open step in the step group: from the open
// steps of the group in workflow order (the 0008 index), one row per workflow (a workflow may have
// two open steps in a group), so counting can stop at the cap. Estimated as the kind's workflows
// with such a step (a semi-join, which the planner estimates from the open steps' statistics).
function openInStepGroup(tx: Tx, scope: KindScope, visible: RawBuilder<SqlBool>, groupTag: string): CountArm {
  const matches = tx
    .selectFrom('workflow_steps as st')
    .innerJoin('workflows as w', (join) =>
      join.onRef('w.tenant_id', '=', 'st.tenant_id').onRef('w.id', '=', 'st.workflow_id'),
    )
    .where('st.tenant_id', '=', scope.tenantId)
    .where('st.step_group_tag', '=', groupTag)
    .where('st.state', '=', 'enabled')
    .where('w.kind_id', '=', scope.kindId)
    .where('w.archived_at', 'is', null)
    .where(visibleWorkflowsFilter(scope.userId))
    .where(scope.where)
    .select('st.workflow_id')
    .distinct();
  const estimate = tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', scope.tenantId)
    .where('w.kind_id', '=', scope.kindId)
    .where('w.archived_at', 'is', null)
    .where(visible)
    .where(scope.where)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workflow_steps as st')
          .select(sql`1`.as('one'))
          .whereRef('st.tenant_id', '=', 'w.tenant_id')
          .whereRef('st.workflow_id', '=', 'w.id')
          .where('st.step_group_tag', '=', groupTag)
          .where('st.state', '=', 'enabled'),
      ),
    )
    .select(sql`1`.as('one'));
  return { matches, estimate };
}

// The task queues of a kind: per step group, in the order given.
export async function countOpenInStepGroups(
  tx: Tx,
  scope: KindScope,
  groupTags: string[],
): Promise<CappedCount[]> {
  const visible = await visibleForEstimate(tx, scope.userId);
  return cappedCounts(
    tx,
    groupTags.map((tag) => openInStepGroup(tx, scope, visible, tag)),
  );
}

export type AlertPair = { alertTag: string; colorLabel: RiskColorLabel };

// The open alerts of each tag and colour on the kind's visible, unarchived workflows, in the order given.
export async function countOpenAlerts(tx: Tx, scope: KindScope, pairs: AlertPair[]): Promise<CappedCount[]> {
  const visible = await visibleForEstimate(tx, scope.userId);
  const alerts = (
    pair: AlertPair,
    visibility: RawBuilder<SqlBool> | ReturnType<typeof visibleWorkflowsFilter>,
  ) =>
    tx
      .selectFrom('workflow_alerts as a')
      .innerJoin('workflows as w', (join) =>
        join.onRef('w.tenant_id', '=', 'a.tenant_id').onRef('w.id', '=', 'a.workflow_id'),
      )
      .where('a.tenant_id', '=', scope.tenantId)
      .where('a.alert_tag', '=', pair.alertTag)
      .where('a.cat_color_label', '=', pair.colorLabel)
      .where('a.resolved_at', 'is', null)
      .where('w.kind_id', '=', scope.kindId)
      .where('w.archived_at', 'is', null)
      .where(visibility)
      .where(scope.where)
      .select(sql`1`.as('one'));
  return cappedCounts(
    tx,
    pairs.map((pair) => ({
      matches: alerts(pair, visibleWorkflowsFilter(scope.userId)),
      estimate: alerts(pair, visible),
    })),
  );
}

export type UserGroupRow = { id: string; name: string };

// The tenant's groups by name, one page, and how many there are.
export async function userGroupsPage(
  tx: Tx,
  page: { limit: number; offset: number },
): Promise<{ rows: UserGroupRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    tx
      .selectFrom('groups')
      .select(['id', 'name'])
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    tx
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
