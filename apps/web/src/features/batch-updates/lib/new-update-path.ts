import type { BatchUpdateTarget } from '@attest/shared';

// The dashboard opens a new batch update with its list's filters as the list's own URL query
// (the selection the shared create request takes). Paging is not a filter: it is left out.
export function newBatchUpdatePath(target: BatchUpdateTarget, listQuery: string): string {
  const query = new URLSearchParams(listQuery);
  for (const paging of ['page', 'limit', 'offset']) query.delete(paging);
  const search = new URLSearchParams({ target, query: query.toString() });
  return `/batch-update/new?${search.toString()}`;
}

export type NewUpdateSelection = { target: 'workflows'; query: string; kindId: number | null };

// What /batch-update/new was opened with; null for a link without a selection. Only workflows are
// selected this way so far (records lists offer no batch update yet).
export function readNewUpdateSearch(search: URLSearchParams): NewUpdateSelection | null {
  const query = search.get('query');
  if (search.get('target') !== 'workflows' || query === null) return null;
  // Answers belong to one kind's definition: offered when the list is narrowed to one kind.
  const kind = Number(new URLSearchParams(query).get('kind_id'));
  return { target: 'workflows', query, kindId: Number.isInteger(kind) && kind > 0 ? kind : null };
}
