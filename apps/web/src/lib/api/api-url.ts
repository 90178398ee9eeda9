export const API_BASE = '/api/v1/';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

// The shared contracts name full paths ('/api/v1/users/me/'); the client works relative to the base.
export function toApiPath(path: string): string {
  return path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path;
}

// Paths are relative to the API base and keep their trailing slash ('users/me/').
export function apiUrl(path: string, query?: QueryParams): string {
  const relative = toApiPath(path);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${relative}${qs ? `${relative.includes('?') ? '&' : '?'}${qs}` : ''}`;
}
