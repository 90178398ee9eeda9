import { deepEqual, isRecord, type JsonRecord, unionKeys } from './json-values.js';

// One property that differs, by its path inside the item (['validation', 'max_length']). Lists such
// as options, columns, enables or a condition's `all` are one value each, compared deeply.
export type PropertyChange = { path: string[]; before: unknown; after: unknown };

// In the order of `after`, then the properties only `before` had. Top-level keys in `skip` (an
// item's child lists) are left out.
export function diffProperties(
  before: JsonRecord | undefined,
  after: JsonRecord | undefined,
  path: string[] = [],
  skip?: ReadonlySet<string>,
): PropertyChange[] {
  const changes: PropertyChange[] = [];
  for (const key of unionKeys(after, before)) {
    if (skip?.has(key)) continue;
    const was = before?.[key];
    const is = after?.[key];
    if (deepEqual(was, is)) continue;
    if (isRecord(was) && isRecord(is)) changes.push(...diffProperties(was, is, [...path, key]));
    else changes.push({ path: [...path, key], before: was, after: is });
  }
  return changes;
}
