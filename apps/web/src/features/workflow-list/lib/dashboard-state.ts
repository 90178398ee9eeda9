import {
  type ConditionGroup,
  type DateFilterType,
  decodeListQuery,
  defaultListState,
  encodeListQuery,
  listQueryFromSearch,
  type WorkflowListState,
} from '@attest/shared';

// Spec 1 §2: MY_STUFF (the PERSONALISED_HOMEPAGE special feature) or KIND_VIEW.
export const DASHBOARD_VIEWS = ['my_stuff', 'kind'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];
export const VIEW_PARAM = 'view';

export type DashboardState = { view: DashboardView; list: WorkflowListState };

export type DashboardAction =
  | { type: 'view'; view: DashboardView }
  | { type: 'search'; q: string }
  | { type: 'statuses'; ids: number[] }
  | { type: 'regions'; ids: number[]; businessUnits?: number[] }
  | { type: 'businessUnits'; ids: number[] }
  | { type: 'dateRange'; after?: string; before?: string }
  | { type: 'dateFilterType'; value: DateFilterType }
  | { type: 'kind'; kindId?: number }
  | { type: 'myTasks'; value?: 'me' | number }
  | { type: 'advancedFilters'; group?: ConditionGroup }
  | { type: 'ordering'; ordering: string }
  | { type: 'page'; page: number }
  | { type: 'clear' };

function withoutKey<K extends keyof WorkflowListState>(state: WorkflowListState, key: K): WorkflowListState {
  const next = { ...state };
  delete next[key];
  return next;
}

function optional<K extends 'q' | 'created_range_after' | 'created_range_before' | 'kind_id'>(
  state: WorkflowListState,
  key: K,
  value: WorkflowListState[K] | undefined,
): WorkflowListState {
  return value === undefined || value === '' ? withoutKey(state, key) : { ...state, [key]: value };
}

function listReducer(list: WorkflowListState, action: DashboardAction): WorkflowListState {
  switch (action.type) {
    case 'search':
      return optional(list, 'q', action.q.trim());
    case 'statuses':
      return { ...list, status__in: action.ids };
    case 'regions':
      // Spec 1 §4: removing the region removes the business unit; choosing a region without a
      // business unit removes any business-unit filter.
      return {
        ...list,
        region__in: action.ids,
        business_unit__in: action.ids.length === 0 ? [] : (action.businessUnits ?? []),
      };
    case 'businessUnits':
      return { ...list, business_unit__in: action.ids };
    case 'dateRange':
      return optional(
        optional(list, 'created_range_after', action.after),
        'created_range_before',
        action.before,
      );
    case 'dateFilterType':
      return { ...list, date_filter_type: action.value };
    case 'kind': {
      // Statuses, answer orderings and advanced filters name one kind's ids and fields: a new kind
      // starts them afresh.
      if (action.kindId === list.kind_id) return list;
      const next = withoutKey(optional(list, 'kind_id', action.kindId), 'advanced_filters');
      return {
        ...next,
        kind_id__in: [],
        status__in: [],
        ordering: next.ordering.replace(/^-/, '').startsWith('field__')
          ? defaultListState().ordering
          : next.ordering,
      };
    }
    case 'myTasks': {
      if (action.value === undefined) return withoutKey(list, 'filter_by_group');
      // Spec 1 §4: selecting my tasks drops the kind.
      const next = withoutKey(withoutKey(list, 'kind_id'), 'advanced_filters');
      return { ...next, kind_id__in: [], filter_by_group: action.value };
    }
    case 'advancedFilters':
      return action.group
        ? { ...list, advanced_filters: action.group }
        : withoutKey(list, 'advanced_filters');
    case 'ordering':
      return { ...list, ordering: action.ordering };
    case 'page':
      return { ...list, page: Math.max(1, Math.floor(action.page)) };
    case 'clear':
      return defaultListState();
    case 'view':
      return list;
  }
}

// The dashboard's state transitions as one pure function. Spec 1 §4: changing any filter other than
// the page resets the page to 1.
export function dashboardReducer(state: DashboardState, action: DashboardAction): DashboardState {
  if (action.type === 'view') {
    if (action.view === state.view) return state;
    // The views list different things: start the new one on its first page.
    return { view: action.view, list: { ...state.list, page: 1 } };
  }
  const list = listReducer(state.list, action);
  if (list === state.list) return state;
  if (action.type === 'page') return { ...state, list };
  return { ...state, list: { ...list, page: 1 } };
}

// The dashboard's URL: the list state in the query of GET workflows/ (packages/shared's encoding)
// plus the view. A link with a bad parameter opens the default list rather than an error page.
export function decodeDashboardSearch(search: URLSearchParams, defaultView: DashboardView): DashboardState {
  const viewParam = search.get(VIEW_PARAM);
  const view = (DASHBOARD_VIEWS as readonly string[]).includes(viewParam ?? '')
    ? (viewParam as DashboardView)
    : defaultView;
  const decoded = decodeListQuery(listQueryFromSearch(search));
  return { view, list: decoded.ok ? decoded.state : defaultListState() };
}

export function encodeDashboardSearch(state: DashboardState, defaultView: DashboardView): URLSearchParams {
  const params = encodeListQuery(state.list);
  if (state.view !== defaultView) params.set(VIEW_PARAM, state.view);
  return params;
}

// The list request's query: the list state alone (the view is the page's, not the server's).
export function listRequestQuery(list: WorkflowListState): string {
  return encodeListQuery(list).toString();
}

// Whether anything narrows the list, for the empty state's wording and the clear button.
export function hasFilters(list: WorkflowListState): boolean {
  const params = encodeListQuery({ ...list, page: 1, ordering: defaultListState().ordering });
  return [...params.keys()].length > 0;
}
