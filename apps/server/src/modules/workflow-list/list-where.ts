import {
  endOfDayStamp,
  type FilterAttribute,
  SEARCH_MIN_WORD_LENGTH,
  startOfDayStamp,
  type WorkflowListState,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { compileConditionGroup } from './compile-filters.js';
import { likePattern } from './filter-predicates.js';
import { environmentWhere } from './list-environment.js';
import type { NameForm } from './name-search.js';

// Every filter of GET workflows/ but visibility (visibleWorkflowsFilter) and the tenant, as one
// boolean over `workflows as w` (spec 1 §7, docs/dashboard.md).
export type ListScope = {
  state: WorkflowListState;
  // The kinds to list (kind_id, kind_id__in and, when asked, their children); null for every kind.
  kindIds: string[] | null;
  tenantId?: string;
  // How my tasks is written (myTasks below); 'semi' when not said.
  myTasksForm?: 'semi' | 'probe';
  // The viewer's groups, read beforehand for my tasks (my-tasks.ts); read in the query when not given.
  myGroupIds?: readonly string[];
  // How q's name search is read (name-search.ts); 'index' when not said.
  nameForm?: NameForm;
  // The ids search_workflow_names answered, read once for the page and the count (a rare phrase).
  nameIds?: readonly string[];
  userId: string;
  catalogue: Map<string, FilterAttribute>;
  now: Date;
};

const DATE_COLUMNS = {
  created_at: sql`w.created_at`,
  updated_at: sql`w.updated_at`,
  // A workflow is completed when its cycle ends (its last step submitted).
  completed: sql`w.cycle_end`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ids(values: readonly number[]): RawBuilder<unknown> {
  return sql.join(values.map((v) => sql`cast(${String(v)} as bigint)`));
}

function answerEquals(fieldTag: string, values: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from workflow_responses r
    where r.tenant_id = w.tenant_id and r.workflow_id = w.id and r.field_tag = ${fieldTag} and r.is_current
    and r.text_value in (${sql.join(values.map((v) => sql`cast(${v} as text)`))}))`;
}

// Who my tasks are assigned to, over `su` (workflow_step_users): me or one of my groups ('me'), or
// one group. The rule over the steps themselves, for the workflows open_tasks does not hold.
export function assignedTo(userId: string, group: 'me' | number): RawBuilder<SqlBool> {
  if (group !== 'me') return sql<SqlBool>`su.group_id = ${String(group)}`;
  return sql<SqlBool>`(su.user_id = ${userId} or su.group_id in (select ug.group_id from user_groups ug where ug.user_id = ${userId}))`;
}

// The same rule over `o` (open_tasks). My groups, when read beforehand (`groupIds`, my-tasks.ts),
// are a list of constants: the planner then estimates my tasks from open_tasks' statistics per
// assignee (its estimate is the count above COUNT_EXACT_LIMIT; a subquery's groups it cannot see).
export function taskAssignedTo(
  userId: string,
  group: 'me' | number,
  groupIds: readonly string[] | undefined,
): RawBuilder<SqlBool> {
  if (group !== 'me') return sql<SqlBool>`o.assignee_group_id = ${String(group)}`;
  if (groupIds === undefined) {
    return sql<SqlBool>`(o.assignee_user_id = ${userId} or o.assignee_group_id in (select ug.group_id from user_groups ug where ug.user_id = ${userId}))`;
  }
  if (groupIds.length === 0) return sql<SqlBool>`o.assignee_user_id = ${userId}`;
  return sql<SqlBool>`(o.assignee_user_id = ${userId} or o.assignee_group_id in (${sql.join(
    groupIds.map((id) => sql`cast(${id} as bigint)`),
  )}))`;
}

// My tasks over the steps (workflow_step_users joined to the open steps): the filter's rule as
// spec 1 §7 states it. open_tasks (migration 0025) holds exactly these rows for the live production
// workflows, so myTasks reads it there; this form stays for archived and test workflows, which
// open_tasks leaves out. Two forms, as myTasks below.
export function stepsMyTasks(
  tenantId: string | undefined,
  userId: string,
  group: 'me' | number,
  form: 'semi' | 'probe',
): RawBuilder<SqlBool> {
  if (form === 'probe') {
    // One probe per branch, each on its partial index (by user, by group: the `is not null` lets the
    // planner prove the group index applies).
    const probe = (assigned: RawBuilder<SqlBool>) => sql<SqlBool>`exists (select 1 from workflow_step_users su
      join workflow_steps st on st.tenant_id = su.tenant_id and st.workflow_id = su.workflow_id
        and st.step_tag = su.step_tag and st.state = 'enabled'
      where su.tenant_id = w.tenant_id and su.workflow_id = w.id and ${assigned} offset 0)`;
    if (group !== 'me')
      return probe(sql<SqlBool>`su.group_id is not null and su.group_id = ${String(group)}`);
    return sql<SqlBool>`(${probe(sql<SqlBool>`su.user_id is not null and su.user_id = ${userId}`)} or ${probe(
      sql<SqlBool>`su.group_id is not null and su.group_id in (select ug.group_id from user_groups ug where ug.user_id = ${userId})`,
    )})`;
  }
  // Without the tenant, row-level security still confines every table to it.
  const tenant = tenantId === undefined ? sql`true` : sql`su.tenant_id = ${tenantId}`;
  const open = (assigned: RawBuilder<SqlBool>) => sql`select su.workflow_id from workflow_step_users su
    join workflow_steps st on st.tenant_id = su.tenant_id and st.workflow_id = su.workflow_id
      and st.step_tag = su.step_tag and st.state = 'enabled'
    where ${tenant} and ${assigned}`;
  if (group !== 'me') return sql<SqlBool>`w.id in (${open(sql<SqlBool>`su.group_id = ${String(group)}`)})`;
  const groups = sql`select ug.group_id from user_groups ug where ug.user_id = ${userId}`;
  return sql<SqlBool>`w.id in (${open(sql<SqlBool>`su.user_id = ${userId}`)} union all ${open(
    sql<SqlBool>`su.group_id in (${groups})`,
  )})`;
}

// My tasks: the workflows with an open step assigned as `taskAssignedTo` says, read from open_tasks
// (one row per open step and assignee of a live production workflow, kept by triggers in the same
// transaction: docs/tasks.md) by its per-user and per-group indexes. A list of archived or test
// workflows reads the steps (stepsMyTasks). Two forms of one rule:
// - 'semi' (`w.id in (...)`): the planner starts from the tasks, so the cost follows the person's
//   open tasks: best when they are few, and the planner's row estimate is the tasks' own;
// - 'probe' (a correlated EXISTS the planner may not turn into a hash of every task: `offset 0`):
//   each workflow met along the list's order is probed (open_tasks_step_idx), so a page costs its
//   own rows: best when the tasks are many (a group holding a step of most workflows).
//   list.service.ts chooses (my-tasks.ts).
function myTasks(scope: ListScope, group: 'me' | number): RawBuilder<SqlBool> {
  const { state, tenantId, userId } = scope;
  const form = scope.myTasksForm ?? 'semi';
  if (state.archived || (state.environment ?? 'PRODUCTION') !== 'PRODUCTION') {
    return stepsMyTasks(tenantId, userId, group, form);
  }
  const assigned = taskAssignedTo(userId, group, scope.myGroupIds);
  if (form === 'probe') {
    return sql<SqlBool>`exists (select 1 from open_tasks o
      where o.tenant_id = w.tenant_id and o.workflow_id = w.id and ${assigned} offset 0)`;
  }
  // Without the tenant, row-level security still confines every table to it.
  const tenant = tenantId === undefined ? sql`true` : sql`o.tenant_id = ${tenantId}`;
  return sql<SqlBool>`w.id in (select o.workflow_id from open_tasks o where ${tenant} and ${assigned})`;
}

export function listWhere(scope: ListScope): RawBuilder<SqlBool> {
  const { state } = scope;
  const parts: RawBuilder<SqlBool>[] = [
    state.archived ? sql<SqlBool>`w.archived_at is not null` : sql<SqlBool>`w.archived_at is null`,
  ];
  const environment = environmentWhere(state.environment ?? 'PRODUCTION');
  if (environment) parts.push(environment);
  if (scope.kindIds) {
    parts.push(
      scope.kindIds.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`w.kind_id in (${sql.join(scope.kindIds.map((id) => sql`cast(${id} as bigint)`))})`,
    );
  }
  if (state.status__in.length > 0) parts.push(sql<SqlBool>`w.status_id in (${ids(state.status__in)})`);
  if (state.region__in.length > 0) parts.push(sql<SqlBool>`w.region_id in (${ids(state.region__in)})`);
  if (state.business_unit__in.length > 0) {
    parts.push(sql<SqlBool>`w.business_unit_id in (${ids(state.business_unit__in)})`);
  }
  if (state.q) {
    // Spec 1 §7 q: the name or the id. Under row-level security LIKE cannot use the trigram index
    // (it is not leakproof), so from three characters on the names come from search_workflow_names
    // (migration 0026, docs/search.md), which can; shorter text has no trigram to look up. A common
    // phrase's page tests the name on the rows it walks instead ('walk', name-search.ts).
    const phrase = state.q.toLowerCase();
    const indexed = phrase.length >= SEARCH_MIN_WORD_LENGTH && scope.nameForm !== 'walk';
    const byName = !indexed
      ? sql<SqlBool>`lower(w.name) like ${likePattern(phrase)}`
      : scope.nameIds
        ? sql<SqlBool>`w.id = any (cast(${`{${scope.nameIds.join(',')}}`} as bigint[]))`
        : sql<SqlBool>`w.id in (select search_workflow_names(${phrase}))`;
    parts.push(
      /^\d{1,15}$/.test(state.q) ? sql<SqlBool>`(w.id = cast(${state.q} as bigint) or ${byName})` : byName,
    );
  }
  if (state.filter_by_group !== undefined) parts.push(myTasks(scope, state.filter_by_group));
  for (const answer of state.answer) parts.push(answerEquals(answer.field_tag, [answer.value]));
  for (const [fieldTag, value] of Object.entries(state.json_answer ?? {})) {
    parts.push(answerEquals(fieldTag, (Array.isArray(value) ? value : [value]).map(String)));
  }
  const column = DATE_COLUMNS[state.date_filter_type];
  // A day is a whole day: after from its start, before up to its end (spec 1 §5 start-of-day stamps).
  if (state.created_range_after) {
    const from = DAY.test(state.created_range_after)
      ? startOfDayStamp(state.created_range_after)
      : state.created_range_after;
    parts.push(sql<SqlBool>`${column} >= cast(${from} as timestamptz)`);
  }
  if (state.created_range_before) {
    const to = DAY.test(state.created_range_before)
      ? endOfDayStamp(state.created_range_before)
      : state.created_range_before;
    parts.push(sql<SqlBool>`${column} <= cast(${to} as timestamptz)`);
  }
  if (
    state.advanced_filters &&
    state.advanced_filters.conditions.length + state.advanced_filters.groups.length > 0
  ) {
    parts.push(compileConditionGroup(state.advanced_filters, scope.catalogue, scope.now));
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
