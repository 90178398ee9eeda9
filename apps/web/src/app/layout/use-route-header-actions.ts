import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../router/route-handle';

// The deepest route that declares header actions wins.
export function useRouteHeaderActions(): ComponentType | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.headerActions) return handle.headerActions;
  }
  return undefined;
}
