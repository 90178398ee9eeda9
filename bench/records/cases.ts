import { RECORD_PATHS } from '@attest/shared';
import type { BenchCase } from '../dashboard/cases.js';

// The records list's requests as the web app makes them (plan §9: the dashboard's cases): the
// default page (newest first), a deep page, sorted by title, a field filter (country, 1 in 20 of
// the seeded suppliers, seed/records.ts) and title search, common and rare.
export function recordCases(tag: string): BenchCase[] {
  const list = (params: Record<string, string>) =>
    `${RECORD_PATHS.records(tag)}?${new URLSearchParams(params)}`;
  const country = JSON.stringify({
    compareType: 'AND',
    conditions: [{ field: 'record_field__country', operator: 'eq', value: 'DE' }],
    groups: [],
  });
  return [
    { name: 'default page (newest first)', path: list({}) },
    { name: 'deep page (offset 10,000)', path: list({ offset: '10000' }) },
    { name: 'sorted by title', path: list({ ordering: 'title' }) },
    { name: "field filter: country = 'DE' (1 in 20)", path: list({ advanced_filters: country }) },
    { name: "q search, common ('north', 1 in 40)", path: list({ q: 'north' }) },
    { name: "q search, rare ('harborlink', 1 in 1,200)", path: list({ q: 'harborlink' }) },
  ];
}
