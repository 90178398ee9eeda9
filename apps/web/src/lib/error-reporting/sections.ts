// The sections of spec 2 §9.5: the first segment of the page's path (/process/12 -> process). The
// reports area answers at /report/... and /reports/..., one section.
export type Section =
  | 'login'
  | 'process'
  | 'home'
  | 'tasks'
  | 'dashboards'
  | 'dashboard'
  | 'report'
  | 'search'
  | 'settings'
  | 'studio'
  | 'records'
  | 'other';

const SECTIONS: ReadonlySet<string> = new Set<Section>([
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
const ALIASES: Record<string, Section> = { reports: 'report' };

// A path or a full address (a transaction's name is either).
export function sectionOf(pathOrUrl: string): Section {
  const path = pathOrUrl.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const first = path.split(/[/?#]/).find(Boolean) ?? '';
  if (ALIASES[first]) return ALIASES[first];
  return SECTIONS.has(first) ? (first as Section) : 'other';
}
