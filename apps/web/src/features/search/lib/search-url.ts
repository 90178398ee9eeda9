// The /search page's state in its URL (?q=&kind=), so a search can be shared and the back button works.
export type SearchUrlState = { q: string; kindId: number | undefined };

export function readSearchUrl(params: URLSearchParams): SearchUrlState {
  const kind = Number(params.get('kind'));
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    kindId: Number.isInteger(kind) && kind > 0 ? kind : undefined,
  };
}

export function writeSearchUrl({ q, kindId }: SearchUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (kindId !== undefined) params.set('kind', String(kindId));
  return params;
}
