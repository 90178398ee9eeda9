import {
  type ConditionGroup,
  ConditionGroupSchema,
  DEFAULT_RECORD_ORDERING,
  isEmptyGroup,
} from '@attest/shared';
import type { RecordListParams } from '../api/record-keys';

export const RECORDS_PAGE_SIZE = 20;

// What the records list shows, kept in the URL so a link or a reload opens the same list.
export type RecordListState = {
  q: string;
  regions: number[];
  businessUnits: number[];
  ordering: string;
  archived: boolean;
  // The field filters (advanced_filters: a ConditionGroup over the type's catalogue), or none.
  filters: ConditionGroup | undefined;
  // 1-based, as the pager shows it.
  page: number;
};

const ids = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number);

// A filter in the URL that is not a condition group (a hand-edited link) is no filter, rather than
// a list that cannot load; the server still judges the fields it names.
function readFilters(raw: string | null): ConditionGroup | undefined {
  if (!raw) return undefined;
  try {
    const group = ConditionGroupSchema.safeParse(JSON.parse(raw));
    return group.success && !isEmptyGroup(group.data) ? group.data : undefined;
  } catch {
    return undefined;
  }
}

export function readListState(search: URLSearchParams): RecordListState {
  const page = Number(search.get('page') ?? '1');
  return {
    q: search.get('q') ?? '',
    regions: ids(search.get('region')),
    businessUnits: ids(search.get('business_unit')),
    ordering: search.get('ordering') || DEFAULT_RECORD_ORDERING,
    archived: search.get('archived') === '1',
    filters: readFilters(search.get('advanced_filters')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeListState(state: RecordListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  if (state.regions.length > 0) search.set('region', state.regions.join(','));
  if (state.businessUnits.length > 0) search.set('business_unit', state.businessUnits.join(','));
  if (state.ordering !== DEFAULT_RECORD_ORDERING) search.set('ordering', state.ordering);
  if (state.archived) search.set('archived', '1');
  if (state.filters) search.set('advanced_filters', JSON.stringify(state.filters));
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

export function listParams(state: RecordListState): RecordListParams {
  return {
    limit: RECORDS_PAGE_SIZE,
    offset: (state.page - 1) * RECORDS_PAGE_SIZE,
    ordering: state.ordering,
    q: state.q || undefined,
    region__in: state.regions.length > 0 ? state.regions.join(',') : undefined,
    business_unit__in: state.businessUnits.length > 0 ? state.businessUnits.join(',') : undefined,
    archived: state.archived ? 'true' : undefined,
    advanced_filters: state.filters ? JSON.stringify(state.filters) : undefined,
  };
}

export const isFiltered = (state: RecordListState) =>
  state.q !== '' ||
  state.regions.length > 0 ||
  state.businessUnits.length > 0 ||
  state.archived ||
  state.filters !== undefined;

// Dates read best newest first; text A to Z. A second click on the sorted column turns it round.
const DESCENDING_FIRST = new Set(['created_at', 'updated_at']);
export function nextOrdering(current: string, columnId: string): string {
  const key = current.replace(/^-/, '');
  if (key === columnId) return current.startsWith('-') ? columnId : `-${columnId}`;
  return DESCENDING_FIRST.has(columnId) ? `-${columnId}` : columnId;
}
