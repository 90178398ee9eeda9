// The records list as the page asks for it (RecordListQuerySchema's query string): only what the
// URL holds.
export type RecordListParams = {
  limit: number;
  offset: number;
  ordering: string;
  q?: string | undefined;
  region__in?: string | undefined;
  business_unit__in?: string | undefined;
  archived?: 'true' | undefined;
  advanced_filters?: string | undefined;
};

// TanStack Query keys of the records feature (plan §7: one key factory).
export const recordKeys = {
  all: ['records'] as const,
  objectTypes: () => [...recordKeys.all, 'object-types'] as const,
  objectType: (tag: string) => [...recordKeys.objectTypes(), tag] as const,
  lists: (tag: string) => [...recordKeys.all, 'list', tag] as const,
  list: (tag: string, params: RecordListParams) => [...recordKeys.lists(tag), params] as const,
  record: (tag: string, id: number) => [...recordKeys.all, 'record', tag, id] as const,
  activity: (tag: string, id: number, page: number) =>
    [...recordKeys.record(tag, id), 'activity', page] as const,
  relatedWorkflows: (tag: string, id: number, page: number) =>
    [...recordKeys.record(tag, id), 'related-workflows', page] as const,
  relatedRecordsAll: (tag: string, id: number) => [...recordKeys.record(tag, id), 'related-records'] as const,
  relatedRecords: (tag: string, id: number, page: number) =>
    [...recordKeys.relatedRecordsAll(tag, id), page] as const,
  activityAll: (tag: string, id: number) => [...recordKeys.record(tag, id), 'activity'] as const,
  // The signed-in user's saved views of one type's list (preferences of kind saved_record_views).
  savedViewsAll: () => [...recordKeys.all, 'saved-views'] as const,
  savedViews: (tag: string) => [...recordKeys.savedViewsAll(), tag] as const,
  // The record picker's answers: titles of one type by search text.
  search: (tag: string, q: string) => [...recordKeys.all, 'search', tag, q] as const,
};
