import type { TaskFilters, TaskSort } from '@attest/shared';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// The task list's SQL (docs/tasks.md "How it stays fast"). Every query starts from open_tasks by the
// index of its tab, already sorted by due date: the step's visibility (region, business unit), kind
// and due date are copied there, so a page reads the index up to its last row and never scans
// workflows or workflow_steps. Only a status filter looks up each candidate's workflow by its key.

// Which rows of open_tasks a tab reads: the viewer's own (user), their groups', their delegators'
// (user ids), or each open step once (all).
export type TabSource =
  | { by: 'user'; ids: readonly string[] }
  | { by: 'group'; ids: readonly string[] }
  | { by: 'all' };

export type TaskScope = {
  tenantId: string;
  source: TabSource;
  // The regions and business units the viewer may see (visibleWorkflowsFilter's rule: a grant on the
  // workflow's region or on its business unit).
  regionIds: readonly string[];
  unitIds: readonly string[];
  filters: TaskFilters;
  // Due buckets' bounds: now, the start of tomorrow and of the 8th day (UTC days).
  now: Date;
  tomorrow: Date;
  weekEnd: Date;
};

// A page row: the task's key, what open_tasks holds of it, and through whom the viewer has it (the
// group, or the delegator, whose row was read).
export type TaskKeyRow = {
  workflow_id: string;
  step_tag: string;
  step_group_tag: string;
  opened_at: Date | null;
  due_at: Date | null;
  via_id: string | null;
};

const ids = (values: readonly (string | number)[]) => sql`${values.map(String)}::bigint[]`;

function assigneeColumn(source: TabSource, alias: string) {
  return sql.ref(`${alias}.${source.by === 'group' ? 'assignee_group_id' : 'assignee_user_id'}`);
}

function dueBucket(scope: TaskScope): RawBuilder<unknown> | null {
  const { due } = scope.filters;
  if (due === undefined) return null;
  if (due === 'none') return sql`o.due_at is null`;
  if (due === 'overdue') return sql`o.due_at < ${scope.now}`;
  if (due === 'today') return sql`o.due_at >= ${scope.now} and o.due_at < ${scope.tomorrow}`;
  if (due === 'week') return sql`o.due_at >= ${scope.tomorrow} and o.due_at < ${scope.weekEnd}`;
  return sql`o.due_at >= ${scope.weekEnd}`;
}

// Everything but the tab's own assignee condition, over `open_tasks as o`.
function commonConditions(scope: TaskScope): RawBuilder<unknown>[] {
  const { filters } = scope;
  const conditions: RawBuilder<unknown>[] = [
    sql`o.tenant_id = ${scope.tenantId}`,
    sql`(o.region_id = any(${ids(scope.regionIds)}) or o.business_unit_id = any(${ids(scope.unitIds)}))`,
  ];
  if (filters.kind_id !== undefined) conditions.push(sql`o.kind_id = ${String(filters.kind_id)}`);
  if (filters.region_id !== undefined) conditions.push(sql`o.region_id = ${String(filters.region_id)}`);
  if (filters.business_unit_id !== undefined) {
    conditions.push(sql`o.business_unit_id = ${String(filters.business_unit_id)}`);
  }
  const bucket = dueBucket(scope);
  if (bucket) conditions.push(bucket);
  if (filters.assignee_id !== undefined) {
    conditions.push(sql`exists (select 1 from open_tasks a where a.tenant_id = o.tenant_id
      and a.workflow_id = o.workflow_id and a.step_tag = o.step_tag and a.assignee_user_id = ${String(filters.assignee_id)})`);
  }
  if (filters.status_id !== undefined) {
    conditions.push(sql`exists (select 1 from workflows w where w.tenant_id = o.tenant_id and w.id = o.workflow_id
      and w.status_id = ${String(filters.status_id)})`);
  }
  if (scope.source.by !== 'all' && scope.source.ids.length > 1) {
    // A step held by two of the viewer's groups (or delegators) is listed once: through the smallest.
    const column = assigneeColumn(scope.source, 'd');
    conditions.push(sql`not exists (select 1 from open_tasks d where d.tenant_id = o.tenant_id
      and d.workflow_id = o.workflow_id and d.step_tag = o.step_tag
      and ${column} = any(${ids(scope.source.ids)}) and ${column} < ${assigneeColumn(scope.source, 'o')})`);
  }
  return conditions;
}

function where(conditions: RawBuilder<unknown>[]) {
  return sql.join(conditions, sql` and `);
}

// Each sort ends with the task's key, so pages never overlap; the '-' sorts are exact reverses, so
// an index serves them backwards.
export function orderBy(sort: TaskSort, alias: string): RawBuilder<unknown> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const key = (dir: RawBuilder<unknown>) => sql`${col('workflow_id')} ${dir}, ${col('step_tag')} ${dir}`;
  switch (sort) {
    case 'due':
      return sql`${col('due_at')} asc nulls last, ${key(sql`asc`)}`;
    case '-due':
      return sql`${col('due_at')} desc nulls first, ${key(sql`desc`)}`;
    case 'age':
      return sql`${col('opened_at')} asc nulls last, ${key(sql`asc`)}`;
    case '-age':
      return sql`${col('opened_at')} desc nulls first, ${key(sql`desc`)}`;
    default:
      return key(sql`asc`);
  }
}

const COLUMNS = sql`o.workflow_id, o.step_tag, o.step_group_tag, o.opened_at, o.due_at`;

// The tab's rows for one assignee, or for every open step: the query a page and a count start from.
function matchesOf(scope: TaskScope, assignee: RawBuilder<unknown> | null, select: RawBuilder<unknown>) {
  const conditions = commonConditions(scope);
  if (scope.source.by === 'all') conditions.push(sql`o.is_step_row`);
  else if (assignee) conditions.push(sql`${assigneeColumn(scope.source, 'o')} = ${assignee}`);
  else conditions.push(sql`${assigneeColumn(scope.source, 'o')} = any(${ids(scope.source.ids)})`);
  return sql`select ${select} from open_tasks o where ${where(conditions)}`;
}

// One page's SQL. With several groups (or delegators), each one's rows are read in order up to the
// page's end by its own index range, then merged: no sort of every group task.
function pageSql(scope: TaskScope, sort: TaskSort, page: { limit: number; offset: number }) {
  const { source } = scope;
  if (source.by === 'all' || source.ids.length === 1) {
    const one = source.by === 'all' ? null : sql`${source.ids[0]}`;
    const via = source.by === 'all' ? sql`null::bigint` : assigneeColumn(source, 'o');
    return sql`${matchesOf(scope, one, sql`${COLUMNS}, ${via} as via_id`)}
      order by ${orderBy(sort, 'o')} limit ${page.limit} offset ${page.offset}`;
  }
  return sql`select x.* from unnest(${ids(source.ids)}) as v (id)
    cross join lateral (${matchesOf(scope, sql`v.id`, sql`${COLUMNS}, v.id as via_id`)}
      order by ${orderBy(sort, 'o')} limit ${page.limit + page.offset}) x
    order by ${orderBy(sort, 'x')} limit ${page.limit} offset ${page.offset}`;
}

// The tab's tasks, counted exactly up to `cap` (reading no more than cap + 1 index entries).
function countSql(scope: TaskScope, cap: number) {
  const { source } = scope;
  if (source.by !== 'all' && source.ids.length === 0) return sql`0::bigint`;
  return sql`(select count(*) from (${matchesOf(scope, null, sql`1`)} limit ${cap + 1}) c)`;
}

const isEmpty = (source: TabSource) => source.by !== 'all' && source.ids.length === 0;

export const tasksListRepository = {
  // One page and the tab's count (exact up to `cap`) in one round trip: the count is an uncorrelated
  // subquery, run once. An empty page past the first one still needs the count on its own.
  async pageAndCount(
    tx: Tx,
    scope: TaskScope,
    sort: TaskSort,
    page: { limit: number; offset: number },
    cap: number,
  ): Promise<{ keys: TaskKeyRow[]; count: number }> {
    if (isEmpty(scope.source)) return { keys: [], count: 0 };
    const rows = await sql<TaskKeyRow & { total: string }>`select p.*, ${countSql(scope, cap)} as total
      from (${pageSql(scope, sort, page)}) p order by ${orderBy(sort, 'p')}`.execute(tx);
    const first = rows.rows[0];
    if (first) {
      return { keys: rows.rows.map(({ total: _, ...key }) => key), count: Number(first.total) };
    }
    return { keys: [], count: page.offset === 0 ? 0 : await this.countUpTo(tx, scope, cap) };
  },

  // Several tabs' counts (exact up to `cap`) in one query, one uncorrelated subquery each.
  async countsUpTo<K extends string>(
    tx: Tx,
    scopes: ReadonlyMap<K, TaskScope>,
    cap: number,
  ): Promise<Map<K, number>> {
    const counts = new Map<K, number>();
    if (scopes.size === 0) return counts;
    const tabs = [...scopes.keys()];
    const columns = tabs.map(
      (tab, i) => sql`${countSql(scopes.get(tab) as TaskScope, cap)} as ${sql.ref(`n${i}`)}`,
    );
    const result = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(tx);
    const row = result.rows[0] ?? {};
    for (const [i, tab] of tabs.entries()) counts.set(tab, Number(row[`n${i}`] ?? 0));
    return counts;
  },

  // The tab's tasks, counted exactly up to `cap` (reading no more than cap + 1 index entries).
  async countUpTo(tx: Tx, scope: TaskScope, cap: number): Promise<number> {
    if (isEmpty(scope.source)) return 0;
    const result = await sql<{ n: string }>`select ${countSql(scope, cap)} as n`.execute(tx);
    return Number(result.rows[0]?.n ?? 0);
  },

  // The planner's estimate of the tab's tasks, for a count above the exact limit.
  async estimate(tx: Tx, scope: TaskScope): Promise<number> {
    const compiled = matchesOf(scope, null, sql`1`).compile(tx);
    const plan = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    return Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  },

  // The viewer's groups and the people who delegate their tasks to them today, in one round trip.
  async viewerSources(
    tx: Tx,
    userId: string,
    today: string,
  ): Promise<{ groupIds: string[]; delegatorIds: string[] }> {
    const result = await sql<{ group_ids: string[]; delegator_ids: string[] }>`select
      array(select group_id from user_groups where user_id = ${userId} order by group_id)::text[] as group_ids,
      array(select distinct delegator_id from task_delegations
        where delegate_id = ${userId} and revoked_at is null
          and starts_on <= ${today}::date and ends_on >= ${today}::date
        order by delegator_id)::text[] as delegator_ids`.execute(tx);
    const row = result.rows[0];
    return { groupIds: row?.group_ids ?? [], delegatorIds: row?.delegator_ids ?? [] };
  },
};
