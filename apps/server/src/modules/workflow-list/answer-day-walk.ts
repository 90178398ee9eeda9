import {
  DEFAULT_LIST_ORDERING,
  type FilterAttribute,
  type FilterCondition,
  type WorkflowListState,
} from '@attest/shared';
import { resolveCondition } from './filter-predicates.js';

// Issue 17: a page of the newest workflows whose date answer lies in a range of days (advanced
// filters: contract start in one quarter). Walking the newest workflows and probing each one's
// answer reads as far as the range lies from today: contract starts follow their workflow's
// creation, so at 1M a past quarter's first match was 53,000 workflows down (186 ms). Instead each
// day of the range is read from workflow_answer_days (migration 0045: a day's answers in their
// workflow's creation order), its newest matches probed against the list's other filters and
// visibility until the window is full, and the days merged: about the window's rows per day,
// whatever the range's matches (answer-day-walk.repository.ts). This file chooses when.

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
