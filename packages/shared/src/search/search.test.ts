import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, SearchQuerySchema } from './api.js';
import { snippetOf } from './highlight.js';
import { searchTerms } from './terms.js';

describe('searchTerms', () => {
  it('reads a number or #number as a workflow id', () => {
    expect(searchTerms('123')).toEqual({ workflowId: 123, phrase: '123' });
    expect(searchTerms(' #42 ')).toEqual({ workflowId: 42, phrase: null });
    expect(searchTerms('0')).toEqual({ workflowId: null, phrase: null });
  });

  it('lower-cases words and collapses spaces; shorter than a trigram searches ids only', () => {
    expect(searchTerms('  Acme   LTD ')).toEqual({ workflowId: null, phrase: 'acme ltd' });
    expect(searchTerms('ab')).toEqual({ workflowId: null, phrase: null });
  });
});

describe('snippetOf', () => {
  it('highlights every occurrence inside the window, whatever the case', () => {
    expect(snippetOf('Acme and ACME', 'acme')).toEqual({
      snippet: 'Acme and ACME',
      highlights: [
        [0, 4],
        [9, 13],
      ],
    });
  });

  it('cuts long text around the first match with ellipses', () => {
    const text = `${'x'.repeat(100)} needle ${'y'.repeat(100)}`;
    const { snippet, highlights } = snippetOf(text, 'needle', 10);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    const [from, to] = highlights[0] ?? [0, 0];
    expect(snippet.slice(from, to)).toBe('needle');
  });

  it('treats the phrase as text, not a pattern', () => {
    expect(snippetOf('50% off (a.b)', '(a.b)').highlights).toEqual([[8, 13]]);
  });
});

describe('SearchQuerySchema', () => {
  it('refuses an empty query after trimming, with a clear message', () => {
    const result = SearchQuerySchema.safeParse({ q: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SEARCH_MESSAGES.emptyQuery);
  });

  it('defaults the limit to 20 and bounds it', () => {
    expect(SearchQuerySchema.parse({ q: 'a' }).limit).toBe(20);
    expect(SearchQuerySchema.safeParse({ q: 'a', limit: '51' }).success).toBe(false);
  });
});
