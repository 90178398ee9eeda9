import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { DayWalk } from './answer-day-walk.js';
import { castValue } from './filter-predicates.js';
import { LIST_COLUMNS, type ListRow, listedWorkflows, pageRowsOf } from './list.repository.js';
import { type ListOrdering, orderBySql } from './list-ordering.js';

// The day walk's page (answer-day-walk.ts chooses when it serves a list) over workflow_answer_days
// (migration 0045): each current date answer with its workflow's created_at, a day's answers in the
// list's own order by workflow_answer_days_walk_idx.

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
  return listedWorkflows(tx, scope.tenantId, scope.userId, scope.otherFilters)
    .where(sql<SqlBool>`w.id = ${sql.ref(`${alias}.workflow_id`)}`)
    .select(sql`1`.as('one'));
}

// `alias`'s rows newest workflow first: the list's order (created_at desc, id desc).
function newestFirst(alias: string) {
  return sql`order by ${sql.ref(`${alias}.workflow_created_at`)} desc, ${sql.ref(`${alias}.workflow_id`)} desc`;
}

function days(walk: DayWalk) {
  return sql`generate_series(${castValue('day', walk.from)}, ${castValue('day', walk.to)}, interval '1 day') as d(day)`;
}

// One day's answers of the field (`d.day`), newest first; `listed` also probes each one.
function dayAnswers(tx: Tx, scope: WalkScope, walk: DayWalk, probe: 'listed' | 'unprobed') {
  const listedOnly = probe === 'listed' ? sql`and exists (${listed(tx, scope, 'a')})` : sql``;
  return sql`select a.workflow_id, a.workflow_created_at from workflow_answer_days a
    where a.tenant_id = ${scope.tenantId} and a.field_tag = ${walk.fieldTag} and a.date_value = cast(d.day as date)
    ${listedOnly} ${newestFirst('a')}`;
}

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
      cross join lateral (${dayAnswers(tx, scope, walk, 'unprobed')} limit ${take}) m
    ), hits as materialized (
      -- Ordered before the probe, so the probes stop when the window is full.
      select c.workflow_id, c.workflow_created_at
      from (select * from candidates ${newestFirst('candidates')} offset 0) c
      where exists (${listed(tx, scope, 'c')})
      ${newestFirst('c')}
      limit ${take}
    ), cut as (
      select k.* from ${days(walk)}
      cross join lateral (${dayAnswers(tx, scope, walk, 'unprobed')} offset ${take - 1} limit 1) k
    ), last_hit as (
      select workflow_created_at, workflow_id from hits order by workflow_created_at, workflow_id limit 1
    )
    select ${sql.join(LIST_COLUMNS.map((column) => sql.ref(column)))}, null as sort_value,
      not exists (select 1 from cut) or ((select count(*) from hits) = ${take} and not exists (
        select 1 from cut, last_hit l
        where (cut.workflow_created_at, cut.workflow_id) > (l.workflow_created_at, l.workflow_id))) as sure
    from workflows w
    where w.tenant_id = ${scope.tenantId}
      and w.id in (select workflow_id from hits ${newestFirst('hits')} offset ${window.offset})
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
    cross join lateral (${dayAnswers(tx, scope, walk, 'listed')} limit ${window.offset + window.limit}) m
    ${newestFirst('m')}
    limit ${window.limit} offset ${window.offset}`;
  return pageRowsOf(tx, scope, ids);
}
