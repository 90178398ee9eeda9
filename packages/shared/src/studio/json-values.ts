// Plain JSON helpers for studio drafts: a draft on a branch is whatever the designer saved, so every
// read tolerates a missing or wrongly typed part instead of throwing.

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A property set to undefined is the same as a missing one, as in JSON.
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!deepEqual(a[key], b[key])) return false;
  }
  return true;
}

// Keys of the first record in their order, then those only the second one has.
export function unionKeys(first: JsonRecord | undefined, second: JsonRecord | undefined): string[] {
  const keys = Object.keys(first ?? {});
  const seen = new Set(keys);
  for (const key of Object.keys(second ?? {})) {
    if (!seen.has(key)) keys.push(key);
  }
  return keys;
}
