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

// Every filter of GET workflows/ but visibility (visibleWorkflowsFilter) and the tenant, as one
// boolean over `workflows as w` (spec 1 §7, docs/dashboard.md).
export type ListScope = {
  state: WorkflowListState;
  // The kinds to list (kind_id, kind_id__in and, when asked, their children); null for every kind.
  kindIds: string[] | null;
  tenantId?: string;
  // How my tasks is written (myTasks below); 'semi' when not said.
  myTasksForm?: 'semi' | 'probe';
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

// Who my tasks are assigned to, over `su`: me or one of my groups ('me'), or one group.
export function assignedTo(userId: string, group: 'me' | number): RawBuilder<SqlBool> {
  if (group !== 'me') return sql<SqlBool>`su.group_id = ${String(group)}`;
  return sql<SqlBool>`(su.user_id = ${userId} or su.group_id in (select ug.group_id from user_groups ug where ug.user_id = ${userId}))`;
}

// My tasks: the workflows with an open step assigned as `assignedTo` says. Two forms of one rule:
// - 'semi' (`w.id in (...)`, by user union by group, each on its own index): the planner starts from
//   the assignments, so the cost follows the person's open tasks: best when they are few;
// - 'probe' (a correlated EXISTS the planner may not turn into a hash of every task: `offset 0`):
//   each workflow met along the list's order is probed, so a page costs its own rows: best when the
//   tasks are many (a group holding a step of most workflows). list.service.ts chooses.
function myTasks(
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
    // (migration 0026, docs/search.md), which can; shorter text has no trigram to look up.
    const phrase = state.q.toLowerCase();
    const byName =
      phrase.length >= SEARCH_MIN_WORD_LENGTH
        ? sql<SqlBool>`w.id in (select search_workflow_names(${phrase}))`
        : sql<SqlBool>`lower(w.name) like ${likePattern(phrase)}`;
    parts.push(
      /^\d{1,15}$/.test(state.q) ? sql<SqlBool>`(w.id = cast(${state.q} as bigint) or ${byName})` : byName,
    );
  }
  if (state.filter_by_group !== undefined)
    parts.push(myTasks(scope.tenantId, scope.userId, state.filter_by_group, scope.myTasksForm ?? 'semi'));
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
