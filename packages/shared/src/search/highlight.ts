import { SEARCH_SNIPPET_CONTEXT } from './api.js';

export type Snippet = { snippet: string; highlights: Array<[number, number]> };

const ELLIPSIS = '…';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A short window of `text` around the first occurrence of `phrase` (case-insensitive), with every
// occurrence inside it as [start, end) offsets into the snippet. Without an occurrence (the phrase
// matched through a case fold JavaScript does not share), the start of the text, unhighlighted.
export function snippetOf(text: string, phrase: string | null, context = SEARCH_SNIPPET_CONTEXT): Snippet {
  const flat = text.replace(/\s+/g, ' ');
  const matches = phrase ? [...flat.matchAll(new RegExp(escapeRegExp(phrase), 'giu'))] : [];
  const first = matches[0];
  if (first?.index === undefined) {
    const cut = flat.length > context * 2;
    return { snippet: cut ? flat.slice(0, context * 2) + ELLIPSIS : flat, highlights: [] };
  }
  const start = Math.max(0, first.index - context);
  const end = Math.min(flat.length, first.index + first[0].length + context);
  const prefix = start > 0 ? ELLIPSIS : '';
  const snippet = prefix + flat.slice(start, end) + (end < flat.length ? ELLIPSIS : '');
  const highlights: Array<[number, number]> = [];
  for (const m of matches) {
    if (m.index === undefined || m.index < start || m.index + m[0].length > end) continue;
    const from = m.index - start + prefix.length;
    highlights.push([from, from + m[0].length]);
  }
  return { snippet, highlights };
}
