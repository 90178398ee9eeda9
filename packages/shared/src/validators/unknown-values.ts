// Narrowing for values of unknown shape (caught errors, response bodies) without casting to any.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A message worth showing: a string with something besides whitespace.
export function nonBlankString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value : undefined;
}
