import {
  TASK_PAGE_SIZE,
  TASK_SORTS,
  TASK_TABS,
  type TaskCounts,
  type TaskSort,
  type TaskTab,
} from '../api/task-contract';
import type { TaskFilters } from './task-filters';

// Spec 2 §9.4: each tab seen as a list or as swimlanes (one column per step group).
export const TASK_VIEWS = ['list', 'swimlane'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

// What the URL holds (?tab=&view=&sort=&page=), so a link or a reload opens the same page.
export type TaskUrlState = { tab: TaskTab; view: TaskView; sort: TaskSort; page: number };
export type TaskListParams = { tab: TaskTab; sort: TaskSort; page: number; filters: TaskFilters };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

export function readTaskUrl(params: URLSearchParams): TaskUrlState {
  const page = Number(params.get('page'));
  return {
    tab: oneOf(TASK_TABS, params.get('tab'), 'mine'),
    view: oneOf(TASK_VIEWS, params.get('view'), 'list'),
    sort: oneOf(TASK_SORTS, params.get('sort'), 'due'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

// Defaults stay out of the URL, so /tasks is the plain address of my tasks.
export function writeTaskUrl(current: URLSearchParams, patch: Partial<TaskUrlState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const state = { ...readTaskUrl(current), ...patch };
  const defaults: TaskUrlState = { tab: 'mine', view: 'list', sort: 'due', page: 1 };
  for (const key of ['tab', 'view', 'sort', 'page'] as const) {
    if (state[key] === defaults[key]) next.delete(key);
    else next.set(key, String(state[key]));
  }
  return next;
}

// The tabs the server offers: those whose count is not null ('all' for holders of 'Can undo a
// step'; a supplier only 'mine'). Until the counts answer, my tasks alone.
export function offeredTabs(counts: TaskCounts | undefined): TaskTab[] {
  if (counts === undefined) return ['mine'];
  return TASK_TABS.filter((tab) => counts[tab] !== null);
}

// The list and counts take the same filters; an unset one is left out of the query.
export function toFilterQuery(filters: TaskFilters) {
  return {
    kind_id: filters.kind_id ?? undefined,
    status_id: filters.status_id ?? undefined,
    due: filters.due ?? undefined,
    region_id: filters.region_id ?? undefined,
    business_unit_id: filters.business_unit_id ?? undefined,
    assignee_id: filters.assignee_id ?? undefined,
  };
}

export function toListQuery({ tab, sort, page, filters }: TaskListParams) {
  return {
    tab,
    sort,
    limit: TASK_PAGE_SIZE,
    offset: (page - 1) * TASK_PAGE_SIZE,
    ...toFilterQuery(filters),
  };
}
