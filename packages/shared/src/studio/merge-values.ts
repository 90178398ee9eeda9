import { deepEqual, isRecord, type JsonRecord, unionKeys } from './json-values.js';

// Decides a property both sides changed differently: returns the value to keep.
export type OnValueConflict = (path: string[], base: unknown, ours: unknown, theirs: unknown) => unknown;

// Three-way merge of one value: a side that left it as it was takes the other side's change; the
// same change on both sides is no conflict; objects are merged property by property, so two
// designers changing different properties of one item never conflict. Lists are one value each.
export function mergeValue(
  base: unknown,
  ours: unknown,
  theirs: unknown,
  path: string[],
  onConflict: OnValueConflict,
): unknown {
  if (deepEqual(ours, theirs)) return ours;
  if (deepEqual(base, ours)) return theirs;
  if (deepEqual(base, theirs)) return ours;
  if (isRecord(ours) && isRecord(theirs) && (base === undefined || isRecord(base))) {
    return mergeRecords(base, ours, theirs, path, onConflict);
  }
  return onConflict(path, base, ours, theirs);
}

export function mergeRecords(
  base: JsonRecord | undefined,
  ours: JsonRecord | undefined,
  theirs: JsonRecord | undefined,
  path: string[],
  onConflict: OnValueConflict,
): JsonRecord {
  const merged: JsonRecord = {};
  for (const key of unionKeys(ours, theirs)) {
    const value = mergeValue(base?.[key], ours?.[key], theirs?.[key], [...path, key], onConflict);
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}
