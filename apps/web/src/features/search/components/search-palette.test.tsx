import { SEARCH_PATHS } from '@attest/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { openSearchPalette, searchPalette } from '../lib/palette-store';
import { makeSearchResponse } from '../test-search-fixtures';
import { SearchPalette } from './search-palette';

afterEach(() => {
  act(() => searchPalette.close());
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderPalette() {
  return renderRoutes([
    { path: '/', element: <SearchPalette /> },
    { path: '/process/:id', element: <SearchPalette /> },
    { path: '/search', element: <SearchPalette /> },
  ]);
}

const box = () => screen.getByRole('textbox', { name: 'Search workflows' });

describe('search palette', () => {
  it('opens with Ctrl+K, groups results by kind with the match highlighted, and Enter opens the first', async () => {
    const fetchMock = mockApi({ [SEARCH_PATHS.search]: { body: makeSearchResponse() } });
    const { router } = renderPalette();
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search workflows' }), {
      target: { value: 'needle' },
    });
    // Spec 2 §9.3: asked once, after the 650 ms pause.
    expect(callsTo(fetchMock, SEARCH_PATHS.search)).toHaveLength(0);
    await screen.findByText('Supplier onboarding (1)', undefined, { timeout: 3000 });
    expect(screen.getByText('Audit (1)')).toBeTruthy();
    const calls = callsTo(fetchMock, SEARCH_PATHS.search);
    expect(calls).toHaveLength(1);
    expect(new URL(String(calls[0]?.[0]), 'http://x').searchParams.get('q')).toBe('needle');
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['needle', 'Needle']);
    expect(screen.getByText('See all results (2)')).toBeTruthy();

    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/7'));
    expect(router.state.location.search).toBe('?step=review');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.recentSearches) ?? '[]')).toEqual(['needle']);
  });

  it('moves with the arrow keys and opens the search page from See all results', async () => {
    mockApi({ [SEARCH_PATHS.search]: { body: makeSearchResponse() } });
    const { router } = renderPalette();
    act(() => openSearchPalette());
    fireEvent.change(box(), { target: { value: 'needle' } });
    await screen.findByText('See all results (2)', undefined, { timeout: 3000 });
    fireEvent.keyDown(box(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=needle');
  });

  it("turns a kind whose rows the answer's limit left out into one row opening that kind's matches", async () => {
    const base = makeSearchResponse();
    const [first, second] = base.groups;
    if (!first || !second) throw new Error('the fixture has two kinds');
    const contractReview = { kind: { id: 5, tag: 'contract_review', name: 'Contract Review' }, count: 29 };
    mockApi({
      [SEARCH_PATHS.search]: {
        body: { ...base, total: 31, groups: [first, second, { ...contractReview, results: [] }] },
      },
    });
    const { router } = renderPalette();
    act(() => openSearchPalette());
    fireEvent.change(box(), { target: { value: 'needle' } });
    const action = await screen.findByText('Show 29 Contract Review matches', undefined, { timeout: 3000 });
    // Every kind with a count shows at least one row under its heading.
    for (const group of screen.getAllByRole('group')) {
      expect(within(group).getAllByRole('button').length, group.textContent ?? '').toBeGreaterThan(0);
    }
    expect(screen.getAllByTestId('search-palette-kind')).toHaveLength(1);
    fireEvent.click(action);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'needle',
      kind: '5',
    });
  });

  it('shows recent searches when empty, and says when nothing matched', async () => {
    window.localStorage.setItem(STORAGE_KEYS.recentSearches, JSON.stringify(['globex']));
    mockApi({ [SEARCH_PATHS.search]: { body: makeSearchResponse({ query: 'zzz', total: 0, groups: [] }) } });
    renderPalette();
    act(() => openSearchPalette());
    const recent = await screen.findByText('Recent searches');
    expect(within(recent.parentElement as HTMLElement).getByText('globex')).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'zzz' } });
    expect(await screen.findByText('No results for “zzz”', undefined, { timeout: 3000 })).toBeTruthy();
  });
});
