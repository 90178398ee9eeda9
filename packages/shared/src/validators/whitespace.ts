// Spec 1 §5: "detect leading or trailing spaces". Any whitespace counts (tabs, new lines,
// non-breaking spaces), the same set String.prototype.trim removes.
export function hasLeadingOrTrailingSpaces(value: string): boolean {
  return value.length > 0 && value.trim() !== value;
}

// Spec 1 §5: "detect text over a limit that is blank after trim". Read as one check a required,
// bounded text field needs: true when the text is blank after trim (nothing but whitespace) or
// when its trimmed length is over the limit. Length counts UTF-16 units, as zod's .max() does,
// so the client and the server agree on the same text.
export function exceedsLimitOrBlank(value: string, limit: number): boolean {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  }
  const trimmed = value.trim();
  return trimmed.length === 0 || trimmed.length > limit;
}
