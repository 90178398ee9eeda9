// A workflow's answers by field tag, as stored after validateAnswer normalised them.
export type Answers = Readonly<Record<string, unknown>>;

// Unanswered: nothing, blank text or an empty list. A required field needs more than this, and a
// condition sees such a field as not set (spec 1 §3 operators is_set and is_empty).
export function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
