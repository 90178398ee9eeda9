import { type BatchUpdateTarget, TagSegmentSchema } from '@attest/shared';

// The dashboard (or a records list) opens a new batch update with its list's filters as the list's
// own URL query for the server (the selection the shared create request takes). Paging is not a
// filter: it is left out.
export function newBatchUpdatePath(
  target: BatchUpdateTarget,
  listQuery: string,
  objectType?: string,
): string {
  const query = new URLSearchParams(listQuery);
  for (const paging of ['page', 'limit', 'offset']) query.delete(paging);
  const search = new URLSearchParams({ target });
  if (objectType) search.set('object_type', objectType);
  search.set('query', query.toString());
  return `/batch-update/new?${search.toString()}`;
}

export type NewUpdateSelection =
  | { target: 'workflows'; query: string; kindId: number | null }
  | { target: 'records'; query: string; objectType: string };

// What /batch-update/new was opened with; null for a link without a selection.
export function readNewUpdateSearch(search: URLSearchParams): NewUpdateSelection | null {
  const query = search.get('query');
  if (query === null) return null;
  if (search.get('target') === 'records') {
    const objectType = search.get('object_type') ?? '';
    return TagSegmentSchema.safeParse(objectType).success ? { target: 'records', query, objectType } : null;
  }
  if (search.get('target') !== 'workflows') return null;
  // Answers belong to one kind's definition: offered when the list is narrowed to one kind.
  const kind = Number(new URLSearchParams(query).get('kind_id'));
  return { target: 'workflows', query, kindId: Number.isInteger(kind) && kind > 0 ? kind : null };
}

// The records list's own URL (its state names) for a server query: "Change the filters" goes back.
export function recordsListPath(objectType: string, query: string): string {
  const server = new URLSearchParams(query);
  const list = new URLSearchParams();
  const q = server.get('q');
  if (q) list.set('q', q);
  const regions = server.get('region__in');
  if (regions) list.set('region', regions);
  const units = server.get('business_unit__in');
  if (units) list.set('business_unit', units);
  if (server.get('archived') === 'true') list.set('archived', '1');
  const search = list.toString();
  return `/records/${objectType}${search ? `?${search}` : ''}`;
}
