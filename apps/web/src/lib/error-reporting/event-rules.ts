import { type ErrorTexts, isIgnoredError } from './ignore-list';
import { scrubUrls, type UrlCarrying } from './scrub-urls';
import { type Section, sectionOf } from './sections';

// Whether the person is signed in: unknown while the session is being read.
export type AuthState = 'authenticated' | 'unauthenticated' | 'unknown';

// Spec 2 §9.5: performance events are sent only for these sections.
const PERFORMANCE_SECTIONS: ReadonlySet<Section> = new Set<Section>([
  'login',
  'process',
  'home',
  'tasks',
  'dashboards',
  'dashboard',
  'report',
  'search',
  'settings',
  'studio',
  'records',
]);

// Spec 2 §9.5: login events are kept only when the user is authenticated; other events only when
// not unauthenticated (an unknown state keeps them).
export function keepPerformanceEvent(section: Section, auth: AuthState): boolean {
  if (!PERFORMANCE_SECTIONS.has(section)) return false;
  if (section === 'login') return auth === 'authenticated';
  return auth !== 'unauthenticated';
}

// The SDK's beforeSendTransaction: the transaction's name is the page's path.
export function filterTransaction<T extends { transaction?: string } & UrlCarrying>(
  event: T,
  auth: AuthState,
): T | null {
  return keepPerformanceEvent(sectionOf(event.transaction ?? ''), auth) ? scrubUrls(event) : null;
}

// The SDK's beforeSend: errors on the §8 ignore list are dropped; the rest go without query strings.
export function filterError<T extends ErrorTexts & UrlCarrying>(event: T): T | null {
  return isIgnoredError(event) ? null : scrubUrls(event);
}
