import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

// Areas that later issues build share one lazily loaded placeholder; the handle names the area.
export const loadComingSoon = () =>
  import('../routes/coming-soon-route').then(({ ComingSoonRoute }) => ({ Component: ComingSoonRoute }));

export function placeholder(path: string, area: string, handle: RouteHandle = {}): RouteObject {
  return { path, handle: { ...handle, area }, lazy: loadComingSoon };
}
