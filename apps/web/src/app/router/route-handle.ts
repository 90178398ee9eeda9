import type { ComponentType } from 'react';

// What a route tells the layout around it.
export type RouteHandle = {
  // The area a placeholder page names (a key under 'areas' in the locale files).
  area?: string;
  // The page's name in the browser tab (a locale key); without it, the area's name (use-document-title).
  title?: string;
  // Icons the header shows only on this route (spec 1 section 2: mentions and export on the dashboard).
  headerActions?: ComponentType;
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
