import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys';
import { snippetParts } from './highlight';
import {
  MAX_RECENT_SEARCHES,
  readRecentSearches,
  withRecentSearch,
  writeRecentSearches,
} from './recent-searches';
import { resultPath, searchKindPath, searchPagePath } from './result-path';
import { readSearchUrl, writeSearchUrl } from './search-url';

describe('snippetParts', () => {
  it('marks the highlighted ranges and keeps the text between them', () => {
    expect(
      snippetParts('Acme and ACME ltd', [
        [0, 4],
        [9, 13],
      ]),
    ).toEqual([
      { text: 'Acme', marked: true },
      { text: ' and ', marked: false },
      { text: 'ACME', marked: true },
      { text: ' ltd', marked: false },
    ]);
  });

  it('clips ranges out of bounds, reversed or overlapping, never repeating or losing text', () => {
    const parts = snippetParts('abcdef', [
      [4, 99],
      [-3, 2],
      [1, 3],
      [5, 4],
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('abcdef');
    expect(parts).toEqual([
      { text: 'ab', marked: true },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
  });
});

describe('recent searches', () => {
  afterEach(() => window.localStorage.clear());

  it('puts the newest first, moves a repeated search to the top and keeps ten', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i += 1) list = withRecentSearch(list, `word ${i}`);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe('word 12');
    expect(withRecentSearch(list, '  WORD 5 ')).toEqual(['WORD 5', ...list.filter((w) => w !== 'word 5')]);
    expect(withRecentSearch(list, '   ')).toEqual(list);
  });

  it('is kept in localStorage under the key logout preserves, ignoring anything malformed', () => {
    writeRecentSearches(['acme', 'globex']);
    expect(window.localStorage.getItem(STORAGE_KEYS.recentSearches)).toBe('["acme","globex"]');
    expect(readRecentSearches()).toEqual(['acme', 'globex']);
    window.localStorage.setItem(STORAGE_KEYS.recentSearches, '[1, "", "ok", null]');
    expect(readRecentSearches()).toEqual(['ok']);
    window.localStorage.setItem(STORAGE_KEYS.recentSearches, 'not json');
    expect(readRecentSearches()).toEqual([]);
  });
});

describe('result paths', () => {
  const base = { snippet: 'x', highlights: [] as [number, number][] };
  it('opens the process page, on the answer step, or on the comment thread', () => {
    expect(resultPath({ workflow_id: 7, match: { ...base, source: 'name' } })).toBe('/process/7');
    expect(resultPath({ workflow_id: 7, match: { ...base, source: 'answer', step_tag: 'review' } })).toBe(
      '/process/7?step=review',
    );
    expect(
      resultPath({
        workflow_id: 7,
        match: { ...base, source: 'comment', step_tag: 'review', thread_id: 12 },
      }),
    ).toBe('/process/7?step=review&thread=12');
  });

  it('links the search page with the words in its URL', () => {
    expect(searchPagePath(' due diligence ')).toBe('/search?q=due+diligence');
    expect(searchPagePath('')).toBe('/search');
    expect(readSearchUrl(new URLSearchParams('q=acme&kind=3'))).toEqual({ q: 'acme', kindId: 3 });
    expect(readSearchUrl(new URLSearchParams('kind=x'))).toEqual({ q: '', kindId: undefined });
    expect(writeSearchUrl({ q: ' acme ', kindId: 4 }).toString()).toBe('q=acme&kind=4');
  });
});

describe('the search page narrowed to a kind', () => {
  it('keeps the words and names the kind as the page reads its URL', () => {
    const path = searchKindPath(' needle  ', 5);
    expect(path).toBe('/search?q=needle&kind=5');
    expect(readSearchUrl(new URL(path, 'http://x').searchParams)).toEqual({ q: 'needle', kindId: 5 });
  });
});
