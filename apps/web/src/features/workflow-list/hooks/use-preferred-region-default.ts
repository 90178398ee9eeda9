import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardAction } from '../lib/dashboard-state';

// The preferred region applies once, to a dashboard opened with an empty URL: a bookmarked or
// shared view, or one the user has changed since, always wins.
export function usePreferredRegionDefault(
  regionId: number | null,
  dispatch: (action: DashboardAction) => void,
) {
  const [search] = useSearchParams();
  const decided = useRef(search.toString() !== '');
  useEffect(() => {
    if (decided.current || regionId === null) return;
    decided.current = true;
    if (search.toString() === '') dispatch({ type: 'regions', ids: [regionId] });
  }, [regionId, search, dispatch]);
}
