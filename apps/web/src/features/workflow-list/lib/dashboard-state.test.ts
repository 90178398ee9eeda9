import { defaultListState, emptyConditionGroup, listRank, type WorkflowListState } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  type DashboardAction,
  type DashboardState,
  dashboardReducer,
  decodeDashboardSearch,
  encodeDashboardSearch,
  hasFilters,
} from './dashboard-state';

const ADVANCED = {
  compareType: 'AND' as const,
  conditions: [
    { field: 'workflow__progress', type: 'integer' as const, operator: 'gte' as const, value: 50 },
  ],
  groups: [
    {
      compareType: 'OR' as const,
      conditions: [
        { field: 'workflow__name', type: 'text' as const, operator: 'contains' as const, value: 'a&b=c' },
      ],
      groups: [],
    },
  ],
};

function state(list: Partial<WorkflowListState> = {}): DashboardState {
  return { view: 'kind', list: { ...defaultListState(), ...list } };
}

const reduce = (from: DashboardState, action: DashboardAction) => dashboardReducer(from, action);

describe('dashboard URL state', () => {
  it('round-trips every filter through the URL, so a reload or a shared link gives the same view', () => {
    const full = state({
      q: 'northwind & co',
      status__in: [3, 4],
      region__in: [1],
      business_unit__in: [7],
      kind_id: 2,
      filter_by_group: 'me',
      date_filter_type: 'updated_at',
      created_range_after: '2026-01-01',
      created_range_before: '2026-03-31',
      ordering: '-field__supplier_onboarding__intake__details__spend',
      page: 4,
      advanced_filters: ADVANCED,
    });
    const search = encodeDashboardSearch({ ...full, view: 'my_stuff' }, 'kind');
    const url = new URL(`http://acme.localhost/workflows/instances?${search}`);
    expect(decodeDashboardSearch(url.searchParams, 'kind')).toEqual({ ...full, view: 'my_stuff' });
  });

  it('leaves defaults out of the URL and reads an empty query as the default view', () => {
    expect(encodeDashboardSearch(state(), 'kind').toString()).toBe('');
    expect(decodeDashboardSearch(new URLSearchParams(''), 'my_stuff')).toEqual({
      view: 'my_stuff',
      list: defaultListState(),
    });
  });

  it('opens the default list for a malformed link instead of failing', () => {
    const decoded = decodeDashboardSearch(new URLSearchParams('status__in=1;drop&view=nonsense'), 'kind');
    expect(decoded).toEqual({ view: 'kind', list: defaultListState() });
  });
});

describe('dashboard reducer (spec 1 §4)', () => {
  const onPage3 = state({ page: 3, region__in: [1], business_unit__in: [7], kind_id: 2 });

  it.each<[string, DashboardAction]>([
    ['search', { type: 'search', q: 'acme' }],
    ['status', { type: 'statuses', ids: [1] }],
    ['region', { type: 'regions', ids: [2] }],
    ['business unit', { type: 'businessUnits', ids: [8] }],
    ['date range', { type: 'dateRange', after: '2026-01-01' }],
    ['date filter type', { type: 'dateFilterType', value: 'completed' }],
    ['kind', { type: 'kind', kindId: 5 }],
    ['my tasks', { type: 'myTasks', value: 'me' }],
    ['advanced filter', { type: 'advancedFilters', group: ADVANCED }],
    ['ordering', { type: 'ordering', ordering: 'name' }],
  ])('changing the %s filter resets the page to 1', (_name, action) => {
    expect(reduce(onPage3, action).list.page).toBe(1);
  });

  it('changing the page keeps every filter', () => {
    const next = reduce(onPage3, { type: 'page', page: 4 });
    expect(next.list).toEqual({ ...onPage3.list, page: 4 });
  });

  it('removing the region removes the business unit', () => {
    const next = reduce(onPage3, { type: 'regions', ids: [] });
    expect(next.list.region__in).toEqual([]);
    expect(next.list.business_unit__in).toEqual([]);
  });

  it('choosing a region without a business unit removes any business-unit filter', () => {
    expect(reduce(onPage3, { type: 'regions', ids: [1, 2] }).list.business_unit__in).toEqual([]);
    const both = reduce(onPage3, { type: 'regions', ids: [2], businessUnits: [9] });
    expect(both.list).toMatchObject({ region__in: [2], business_unit__in: [9] });
  });

  it('selecting my tasks drops the kind; clearing it keeps the rest', () => {
    const mine = reduce(onPage3, { type: 'myTasks', value: 'me' });
    expect(mine.list.kind_id).toBeUndefined();
    expect(mine.list.filter_by_group).toBe('me');
    expect(mine.list.region__in).toEqual([1]);
    const off = reduce(mine, { type: 'myTasks' });
    expect(off.list.filter_by_group).toBeUndefined();
  });

  it('a new kind starts its statuses, answer ordering and advanced filters afresh', () => {
    const from = state({ kind_id: 2, status__in: [3], ordering: 'field__a__b', advanced_filters: ADVANCED });
    const next = reduce(from, { type: 'kind', kindId: 5 });
    expect(next.list).toMatchObject({ kind_id: 5, status__in: [], ordering: '-created_at' });
    expect(next.list.advanced_filters).toBeUndefined();
    expect(reduce(from, { type: 'kind', kindId: 2 })).toBe(from);
  });

  it('clears the search with blank text and the advanced filter with none', () => {
    const from = state({ q: 'x', advanced_filters: emptyConditionGroup() });
    expect(reduce(from, { type: 'search', q: '   ' }).list.q).toBeUndefined();
    expect(reduce(from, { type: 'advancedFilters' }).list.advanced_filters).toBeUndefined();
  });

  it('switches views on the first page and says whether anything narrows the list', () => {
    expect(reduce(onPage3, { type: 'view', view: 'my_stuff' })).toMatchObject({
      view: 'my_stuff',
      list: { page: 1 },
    });
    expect(hasFilters(state({ page: 3, ordering: 'name' }).list)).toBe(false);
    expect(hasFilters(onPage3.list)).toBe(true);
    expect(reduce(onPage3, { type: 'clear' }).list).toEqual(defaultListState());
  });
});

describe('rank (spec 1 §4)', () => {
  it('counts up from the page start ascending and down from the total descending', () => {
    expect(listRank({ offset: 20, index: 0, count: 45, descending: false })).toBe(21);
    expect(listRank({ offset: 40, index: 4, count: 45, descending: false })).toBe(45);
    expect(listRank({ offset: 0, index: 0, count: 45, descending: true })).toBe(45);
    expect(listRank({ offset: 40, index: 4, count: 45, descending: true })).toBe(1);
  });
});
