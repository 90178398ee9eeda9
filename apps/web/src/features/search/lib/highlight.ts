export type SnippetPart = { text: string; marked: boolean };

// The server marks what matched as [start, end) offsets into the snippet. Offsets out of range,
// reversed or overlapping are clipped, so a bad answer never hides or repeats text.
export function snippetParts(
  snippet: string,
  highlights: readonly (readonly [number, number])[],
): SnippetPart[] {
  const ranges = highlights
    .map(([start, end]) => [Math.max(0, start), Math.min(snippet.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const from = Math.max(start, at);
    if (end <= from) continue;
    if (from > at) parts.push({ text: snippet.slice(at, from), marked: false });
    parts.push({ text: snippet.slice(from, end), marked: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}
