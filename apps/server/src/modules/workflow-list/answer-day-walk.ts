import {
  DEFAULT_LIST_ORDERING,
  type FilterAttribute,
  type FilterCondition,
  type WorkflowListState,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';
import { castValue, resolveCondition } from './filter-predicates.js';
import { LIST_COLUMNS, type ListRow } from './list.repository.js';
import { type ListOrdering, orderBySql } from './list-ordering.js';

// Issue 17: a page of the newest workflows whose date answer lies in a range of days (advanced
// filters: contract start in one quarter). Walking the newest workflows and probing each one's
// answer reads as far as the range lies from today: contract starts follow their workflow's
// creation, so at 1M a past quarter's first match was 53,000 workflows down (186 ms). Instead each
// day of the range is read from workflow_answer_days (migration 0045: a day's answers in their
// workflow's creation order), its newest matches probed against the list's other filters and
// visibility until the window is full, and the days merged: about the window's rows per day,
// whatever the range's matches.

// Ranges up to this many days are walked day by day; a longer one reads its matches as before.
export const DAY_WALK_MAX_DAYS = 400;
// Each day is read up to the window's end: past this, a deep page reads as the list's other pages.
export const DAY_WALK_MAX_ROWS = 200;

const DAY = 24 * 3600 * 1000;

export type DayWalk = {
  fieldTag: string;
  // The filter's own values: the days are taken from them in SQL as the condition takes them.
  from: string;
  to: string;
  // The condition the walk answers: the list's other filters are tested without it.
  condition: FilterCondition;
};

function spanInDays(from: string, to: string): number | null {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - start) / DAY) + 1);
}

// The narrowest date range (or day) of the advanced filters' top AND group, when the list is in its
// default order (newest first) and the window within DAY_WALK_MAX_ROWS. Null otherwise.
export function dayWalkOf(
  state: WorkflowListState,
  catalogue: Map<string, FilterAttribute>,
  now: Date,
  window: { limit: number; offset: number },
): DayWalk | null {
  const group = state.advanced_filters;
  if (state.ordering !== DEFAULT_LIST_ORDERING || !group || group.compareType !== 'AND') return null;
  if (window.offset + window.limit > DAY_WALK_MAX_ROWS) return null;
  let best: { walk: DayWalk; days: number } | null = null;
  for (const condition of group.conditions) {
    const attribute = catalogue.get(condition.field);
    if (attribute?.source.kind !== 'field') continue;
    if (attribute.type !== 'date' && attribute.type !== 'naive_date') continue;
    const { positive, negated, value } = resolveCondition(condition, now);
    if (negated) continue;
    const bounds =
      positive === 'eq' ? [value, value] : positive === 'range' && Array.isArray(value) ? value : null;
    if (!bounds || bounds.length < 2) continue;
    const [from, to] = bounds.map(String) as [string, string];
    const days = spanInDays(from, to);
    if (days === null || days > DAY_WALK_MAX_DAYS) continue;
    if (!best || days < best.days) {
      best = { walk: { fieldTag: attribute.source.field_tag, from, to, condition }, days };
    }
  }
  return best?.walk ?? null;
}

// The list's state without the walked condition, for the probe of the other filters.
export function stateWithoutWalk(state: WorkflowListState, walk: DayWalk): WorkflowListState {
  const group = state.advanced_filters;
  if (!group) return state;
  return {
    ...state,
    advanced_filters: { ...group, conditions: group.conditions.filter((c) => c !== walk.condition) },
  };
}

type WalkScope = {
  tenantId: string;
  userId: string;
  // The list's where without the walked condition (stateWithoutWalk).
  otherFilters: RawBuilder<SqlBool>;
  ordering: ListOrdering;
};
type Window = { limit: number; offset: number };

// The page, the same rows in the same order as the list's plain query: an answer day's
// workflow_created_at is its workflow's created_at, and the list's order is (created_at desc, id
// desc). First without probing the days' answers one by one (pageFromEachDaysNewest), then, when
// that cannot vouch for its page, probing them (pageProbingEachDay).
export async function pageByDayWalk(
  tx: Tx,
  scope: WalkScope,
  walk: DayWalk,
  window: Window,
): Promise<ListRow[]> {
  return (
    (await pageFromEachDaysNewest(tx, scope, walk, window)) ?? pageProbingEachDay(tx, scope, walk, window)
  );
}

// Whether the workflow `alias`.workflow_id is listed: visible and matching the list's other filters.
function listed(tx: Tx, scope: WalkScope, alias: string) {
  return tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', scope.tenantId)
    .where(sql<SqlBool>`w.id = ${sql.ref(`${alias}.workflow_id`)}`)
    .where(visibleWorkflowsFilter(scope.userId))
    .where(scope.otherFilters)
    .select(sql`1`.as('one'));
}

function days(walk: DayWalk) {
  return sql`generate_series(${castValue('day', walk.from)}, ${castValue('day', walk.to)}, interval '1 day') as d(day)`;
}

// One day's answers of the field, newest workflow first (workflow_answer_days_walk_idx), `rest` the
// clauses after the order.
function dayAnswers(scope: WalkScope, walk: DayWalk, rest: RawBuilder<unknown>) {
  return sql`select a.workflow_id, a.workflow_created_at from workflow_answer_days a
    where a.tenant_id = ${scope.tenantId} and a.field_tag = ${walk.fieldTag} and a.date_value = cast(d.day as date)
    ${rest}`;
}

const NEWEST_FIRST = sql`order by workflow_created_at desc, workflow_id desc`;

// Each day's first `take` answers (the window's end) are the candidates, probed newest first until
// the window is full: a few dozen probes when most answers are listed. The page is sure when no day
// was cut short ('cut': a day's take-th answer, after which its answers were not candidates), or
// when every cut day's take-th answer comes after the window's last row (so do all it left out).
// Null when it is not sure (answers not listed among the candidates) or the page is empty.
export async function pageFromEachDaysNewest(
  tx: Tx,
  scope: WalkScope,
  walk: DayWalk,
  window: Window,
): Promise<ListRow[] | null> {
  const take = window.offset + window.limit;
  const { rows } = await sql<ListRow & { sure: boolean }>`
    with candidates as materialized (
      select m.* from ${days(walk)}
      cross join lateral (${dayAnswers(scope, walk, sql`order by a.workflow_created_at desc, a.workflow_id desc limit ${take}`)}) m
    ), hits as materialized (
      -- Ordered before the probe, so the probes stop when the window is full.
      select c.workflow_id, c.workflow_created_at
      from (select * from candidates ${NEWEST_FIRST} offset 0) c
      where exists (${listed(tx, scope, 'c')})
      order by c.workflow_created_at desc, c.workflow_id desc
      limit ${take}
    ), cut as (
      select k.* from ${days(walk)}
      cross join lateral (${dayAnswers(scope, walk, sql`order by a.workflow_created_at desc, a.workflow_id desc offset ${take - 1} limit 1`)}) k
    ), last_hit as (
      select workflow_created_at, workflow_id from hits order by workflow_created_at, workflow_id limit 1
    )
    select ${sql.join(LIST_COLUMNS.map((column) => sql.ref(column)))}, null as sort_value,
      not exists (select 1 from cut) or ((select count(*) from hits) = ${take} and not exists (
        select 1 from cut, last_hit l
        where (cut.workflow_created_at, cut.workflow_id) > (l.workflow_created_at, l.workflow_id))) as sure
    from workflows w
    where w.tenant_id = ${scope.tenantId}
      and w.id in (select workflow_id from hits ${NEWEST_FIRST} offset ${window.offset})
    order by ${orderBySql(scope.ordering)}`.execute(tx);
  if (rows.length === 0 || !rows[0]?.sure) return null;
  return rows.map(({ sure: _, ...row }) => row);
}

// Each day's answers probed newest first until the day holds the window's end, then the days merged.
export async function pageProbingEachDay(
  tx: Tx,
  scope: WalkScope,
  walk: DayWalk,
  window: Window,
): Promise<ListRow[]> {
  const ids = sql`
    select m.workflow_id from ${days(walk)}
    cross join lateral (${dayAnswers(
      scope,
      walk,
      sql`and exists (${listed(tx, scope, 'a')})
        order by a.workflow_created_at desc, a.workflow_id desc limit ${window.offset + window.limit}`,
    )}) m
    order by m.workflow_created_at desc, m.workflow_id desc
    limit ${window.limit} offset ${window.offset}`;
  const rows = await tx
    .selectFrom('workflows as w')
    .where('w.tenant_id', '=', scope.tenantId)
    .where(sql<SqlBool>`w.id in (${ids})`)
    .select(LIST_COLUMNS)
    .select(sql<string | null>`null`.as('sort_value'))
    .orderBy(orderBySql(scope.ordering))
    .execute();
  return rows as ListRow[];
}
