export const API_BASE = '/api/v1/';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

// The shared contracts name full paths ('/api/v1/users/me/'); the client works relative to the base.
export function toApiPath(path: string): string {
  return path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path;
}

// The few v2 endpoints of the spec (dynamic_lov) are requested at their full path.
const V2_BASE = '/api/v2/';

// Paths are relative to the API base and keep their trailing slash ('users/me/').
export function apiUrl(path: string, query?: QueryParams): string {
  const base = path.startsWith(V2_BASE) ? '' : API_BASE;
  const relative = base ? toApiPath(path) : path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}${relative}${qs ? `${relative.includes('?') ? '&' : '?'}${qs}` : ''}`;
}
