import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from '../../lib/analytics/analytics';
import { pageAnalyticsEvent } from '../../lib/analytics/page-events';

// A page of an area's section was opened (spec 2 §9.4): once per path, not per query change.
export function usePageAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const name = pageAnalyticsEvent(pathname);
    if (name) track(name);
  }, [pathname]);
}
