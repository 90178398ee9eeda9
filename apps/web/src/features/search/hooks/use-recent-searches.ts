import { useCallback, useState } from 'react';
import { readRecentSearches, withRecentSearch, writeRecentSearches } from '../lib/recent-searches';

// The recent searches (newest first, at most 10), read once and written on every change.
export function useRecentSearches() {
  const [recent, setRecent] = useState<string[]>(readRecentSearches);
  const remember = useCallback((query: string) => {
    setRecent(() => {
      // Read again: the palette and the page may both have added one.
      const next = withRecentSearch(readRecentSearches(), query);
      writeRecentSearches(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    writeRecentSearches([]);
    setRecent([]);
  }, []);
  return { recent, remember, clear };
}
