import type { Configuration } from '@attest/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../router/route-handle';

// The tenant's name as its people know it (globex shows "Globex", not our product's name); the
// brand's title when a tenant has none.
export function brandNameOf(configuration: Pick<Configuration, 'name' | 'brand_title'>): string {
  return configuration.name.trim() || configuration.brand_title;
}

// The page's name: the deepest route that says one, by its title key or, for areas, their name.
function usePageTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.title) return handle.title;
    if (handle.area) return `areas.${handle.area}`;
  }
  return undefined;
}

// Issue 14: the browser tab names the page and the tenant ("Workflow dashboard · Globex"), on every
// route, in the person's language; a page without a name shows the tenant alone.
export function useDocumentTitle(brandName: string): void {
  const { t } = useTranslation();
  const key = usePageTitleKey();
  const page = key ? t(key) : '';
  useEffect(() => {
    document.title = page ? `${page} · ${brandName}` : brandName;
  }, [page, brandName]);
}
