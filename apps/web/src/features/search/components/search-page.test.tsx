import { SEARCH_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeSearchResponse } from '../test-search-fixtures';
import { SearchPage } from './search-page';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderPage(url: string) {
  return renderRoutes(
    [
      { path: '/search', element: <SearchPage /> },
      { path: '/process/:id', element: <p>process page</p> },
    ],
    { url },
  );
}

describe('search page', () => {
  it('searches the words in its URL and shows each kind with its count and highlights', async () => {
    mockApi({ [SEARCH_PATHS.search]: { body: makeSearchResponse() } });
    const { router } = renderPage('/search?q=needle');
    const onboarding = await screen.findByRole('region', { name: 'Supplier onboarding' });
    expect(within(onboarding).getByText('1')).toBeTruthy();
    expect(within(onboarding).getByText('needle').tagName).toBe('MARK');
    expect(screen.getByRole('region', { name: 'Audit' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search workflows' }) as HTMLInputElement).value).toBe(
      'needle',
    );
    fireEvent.click(within(onboarding).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/7'));
    expect(router.state.location.search).toBe('?step=review');
  });

  it('narrows to one kind through the kind filter (kind in the URL and the request)', async () => {
    const fetchMock = mockApi({ [SEARCH_PATHS.search]: { body: makeSearchResponse() } });
    renderPage('/search?q=needle&kind=2');
    await screen.findByRole('region', { name: 'Audit' });
    const kinds = fetchMock.mock.calls.map(([input]) =>
      new URL(String(input), 'http://x').searchParams.get('kind_id'),
    );
    expect(kinds).toContain('2');
    expect(kinds).toContain(null);
  });

  it('offers every match of a kind when it has more than shown', async () => {
    const response = makeSearchResponse();
    const audit = response.groups[1];
    if (audit) audit.count = 30;
    mockApi({ [SEARCH_PATHS.search]: { body: response } });
    const { router } = renderPage('/search?q=needle');
    fireEvent.click(await screen.findByRole('button', { name: 'Show every Audit match' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=needle&kind=2'));
    expect(screen.queryByRole('button', { name: 'Show every Supplier onboarding match' })).toBeNull();
  });

  it("gives a kind whose rows the answer's limit left out one button naming its count", async () => {
    const response = makeSearchResponse();
    const audit = response.groups[1];
    if (audit) {
      audit.count = 29;
      audit.results = [];
    }
    mockApi({ [SEARCH_PATHS.search]: { body: response } });
    const { router } = renderPage('/search?q=needle');
    const section = await screen.findByRole('region', { name: 'Audit' });
    expect(within(section).queryByRole('list')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Show 29 Audit matches' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=needle&kind=2'));
  });

  it('says when nothing matched, and when the search failed', async () => {
    mockApi({ [SEARCH_PATHS.search]: { body: makeSearchResponse({ total: 0, groups: [] }) } });
    renderPage('/search?q=zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeTruthy();
    vi.unstubAllGlobals();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 500, body: { detail: 'boom', code: 'error' } })),
    );
    renderPage('/search?q=other');
    expect(
      await screen.findByText('The search could not be completed. Please try again.', undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
  }, 15_000);

  it('asks nothing without words and offers the advanced search', async () => {
    const fetchMock = mockApi({});
    renderPage('/search');
    expect(screen.getByRole('button', { name: 'Advanced search' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/search/'))).toHaveLength(0);
  });
});

describe('a match on the workflow id', () => {
  it('marks the id instead of repeating it as a snippet', async () => {
    const response = makeSearchResponse({ query: '#7', total: 1 });
    const first = response.groups[0];
    response.groups = first
      ? [
          {
            ...first,
            results: first.results.map((r) => ({
              ...r,
              match: { source: 'id' as const, snippet: '#7', highlights: [[0, 2] as [number, number]] },
            })),
          },
        ]
      : [];
    mockApi({ [SEARCH_PATHS.search]: { body: response } });
    renderPage('/search?q=%237');
    const region = await screen.findByRole('region', { name: 'Supplier onboarding' });
    const marks = within(region).getAllByText('#7');
    expect(marks.map((m) => m.tagName)).toEqual(['MARK']);
  });
});
