export const API_BASE = '/api/v1/';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

// Paths are relative to the API base and keep their trailing slash ('users/me/').
export function apiUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`;
}
