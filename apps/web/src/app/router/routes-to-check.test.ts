import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES_TO_CHECK } from '../../../e2e/support/routes-to-check';
import { routes } from './routes';

// Every path the router knows, its segments joined from the root; pathless layouts add nothing.
function routerPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent === '/' ? '' : parent}/${route.path}`;
    const own = route.path !== undefined || route.index ? [here] : [];
    return [...own, ...routerPaths(route.children ?? [], here)];
  });
}

describe('the accessibility check covers the router (issue 14)', () => {
  const paths = [...new Set(routerPaths(routes))];
  const checked = ROUTES_TO_CHECK.map((entry) => entry.route);

  it('visits every path of the router, so a new route is checked with axe', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => !checked.includes(path))).toEqual([]);
  });

  it('lists only paths the router has, each once and for somebody', () => {
    expect(checked.filter((path) => !paths.includes(path))).toEqual([]);
    expect(new Set(checked).size).toBe(checked.length);
    expect(ROUTES_TO_CHECK.filter((entry) => entry.as.length === 0)).toEqual([]);
  });
});
