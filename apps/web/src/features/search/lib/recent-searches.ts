import { readItem, writeItem } from '../../../lib/storage/safe-storage';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys';

// Spec 1 §4: recent searches survive logout (STORAGE_KEYS.recentSearches is in PRESERVED_ON_LOGOUT).
export const MAX_RECENT_SEARCHES = 10;
const MAX_LENGTH = 200;

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

// Whatever another version of the app wrote there, only short non-empty strings are kept.
export function readRecentSearches(): string[] {
  const store = storage();
  const raw = store ? readItem(store, STORAGE_KEYS.recentSearches) : null;
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim().length > 0)
      .map((item) => item.slice(0, MAX_LENGTH))
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

// The newest first; the same words searched again (any case) move to the top instead of repeating.
export function withRecentSearch(list: readonly string[], query: string): string[] {
  const q = query.trim().slice(0, MAX_LENGTH);
  if (!q) return [...list];
  const rest = list.filter((item) => item.toLocaleLowerCase() !== q.toLocaleLowerCase());
  return [q, ...rest].slice(0, MAX_RECENT_SEARCHES);
}

export function writeRecentSearches(list: readonly string[]): void {
  const store = storage();
  if (store) writeItem(store, STORAGE_KEYS.recentSearches, JSON.stringify(list));
}
