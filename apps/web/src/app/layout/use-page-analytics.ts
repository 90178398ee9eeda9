import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageAnalyticsEvent } from '../../lib/analytics/page-events';
import { track } from '../../lib/analytics/track';

// A page of an area's section was opened (spec 2 §9.4): once per path, not per query change.
export function usePageAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const name = pageAnalyticsEvent(pathname);
    if (name) track(name);
  }, [pathname]);
}
