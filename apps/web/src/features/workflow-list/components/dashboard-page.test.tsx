import { ADMIN_PATHS, DASHBOARD_PATHS, PREFERENCE_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, type Reply } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { KINDS, LIST_PAGE } from '../test/list-fixture';
import { DashboardPage } from './dashboard-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page = (results: unknown[], count = results.length) => ({ count, next: null, previous: null, results });

// The API at the fetch boundary; the list's reply can be replaced per test. Records list queries.
function mockDashboardApi(list: Reply = { body: LIST_PAGE }) {
  const listQueries: string[] = [];
  const replies: Record<string, Reply> = {
    [WORKFLOW_PATHS.kinds]: { body: page(KINDS) },
    [ADMIN_PATHS.regions]: { body: page([{ id: 1, name: 'Europe' }]) },
    [PREFERENCE_PATHS.recentActivity]: { body: { recently_viewed_workflows: [] } },
    [PREFERENCE_PATHS.preferences]: { body: page([]) },
    [DASHBOARD_PATHS.kindWorkflowCounts]: { body: { results: [] } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://acme.localhost');
      if (url.pathname === DASHBOARD_PATHS.workflows) {
        listQueries.push(url.search);
        return jsonResponse(list);
      }
      const reply = replies[url.pathname];
      return reply
        ? jsonResponse(reply)
        : jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return listQueries;
}

function renderDashboard(
  url = '/workflows/instances',
  preferredRegionId: number | null = null,
  canBatchUpdate = false,
) {
  return renderRoutes(
    [
      {
        path: '/workflows/instances',
        element: (
          <DashboardPage
            personalised={false}
            canViewAlerts
            preferredRegionId={preferredRegionId}
            canBatchUpdate={canBatchUpdate}
          />
        ),
      },
      { path: '/process/:id', element: <p>process page</p> },
      { path: '/batch-update/:updateId', element: <p>batch update page</p> },
    ],
    { url },
  );
}

describe('DashboardPage', () => {
  it('renders the list: family, status, alerts and answer columns', async () => {
    mockDashboardApi();
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Workflows' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const child = rows[2] as HTMLElement;
    expect(within(child).getByText('Northwind – Operational resilience')).toBeTruthy();
    expect(within(child).getByText('In Review')).toBeTruthy();
    expect(within(child).getByText('Child workflow')).toBeTruthy();
    expect(within(child).getByRole('link', { name: 'Northwind Logistics GmbH' }).getAttribute('href')).toBe(
      '/process/101',
    );
    expect(within(child).getByLabelText('Red alerts: 1')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Annual spend/ })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('250,000')).toBeTruthy();
    expect(screen.getByText('2 in total')).toBeTruthy();
    // The rank is one of the columns a person can add; the default set leaves it out (issue 14).
    expect(within(table).queryByRole('columnheader', { name: '#' })).toBeNull();
  });

  it('says "about" in the total and the pager when the count is an estimate', async () => {
    mockDashboardApi({ body: { ...LIST_PAGE, count: 48_210, count_is_estimate: true } });
    renderDashboard();
    await screen.findByRole('table', { name: 'Workflows' });
    expect(screen.getByText('About 48,210 in total')).toBeTruthy();
    expect(screen.getByText('Showing 1-2 out of about 48,210 items')).toBeTruthy();
  });

  it('sorts by a header click and opens a workflow from its row', async () => {
    const queries = mockDashboardApi();
    const { router } = renderDashboard();
    const table = await screen.findByRole('table', { name: 'Workflows' });
    fireEvent.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=name'));
    await waitFor(() => expect(queries.at(-1)).toBe('?ordering=name'));
    fireEvent.click(within(table).getAllByRole('row')[1]?.querySelector('td') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/101'));
  });

  it('reads its filters from the URL and sends them with the list request', async () => {
    const queries = mockDashboardApi();
    renderDashboard('/workflows/instances?status__in=11&region__in=1&page=2');
    await screen.findByRole('table', { name: 'Workflows' });
    expect(queries[0]).toBe('?status__in=11&region__in=1&page=2');
  });

  it('searches after a pause in typing, back on page 1', async () => {
    const queries = mockDashboardApi();
    const { router } = renderDashboard('/workflows/instances?page=3');
    await screen.findByRole('table', { name: 'Workflows' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search workflows' }), {
      target: { value: 'north' },
    });
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?q=north'), { timeout: 2000 });
    await waitFor(() => expect(queries.at(-1)).toBe('?q=north'));
  });

  it("says 'Dashboard access denied' when the list answers 403", async () => {
    mockDashboardApi({
      status: 403,
      body: { detail: 'You do not have permission.', code: 'permission_denied' },
    });
    renderDashboard();
    expect(await screen.findByText('Dashboard access denied')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Workflows' })).toBeNull();
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('shows other failures as a toast with their message', async () => {
    mockDashboardApi({ status: 400, body: { detail: 'ordering: bad', code: 'invalid' } });
    renderDashboard();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'dashboard.loadFailed',
        expect.objectContaining({ message: 'ordering: bad' }),
      ),
    );
  });

  it('says when nothing matches and clears the filters', async () => {
    mockDashboardApi({ body: { ...page([], 0), count_is_estimate: false } });
    const { router } = renderDashboard('/workflows/instances?q=zzz');
    expect(await screen.findByText('No workflows match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear all filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens an unfiltered dashboard on the preferred region, never a link that names its filters', async () => {
    const queries = mockDashboardApi();
    const { router } = renderDashboard('/workflows/instances', 1);
    await waitFor(() => expect(router.state.location.search).toBe('?region__in=1'));
    await waitFor(() => expect(queries.at(-1)).toBe('?region__in=1'));
    const linked = renderDashboard('/workflows/instances?q=acme', 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(linked.router.state.location.search).toBe('?q=acme');
  });

  it('aborts the request in flight when the filters change and never shows its answer', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), 'http://acme.localhost');
        if (url.pathname === WORKFLOW_PATHS.kinds) return jsonResponse({ body: page(KINDS) });
        if (url.pathname === DASHBOARD_PATHS.kindWorkflowCounts)
          return jsonResponse({ body: { results: [] } });
        if (url.pathname !== DASHBOARD_PATHS.workflows)
          return jsonResponse({
            body: { ...page([]), count_is_estimate: false, recently_viewed_workflows: [] },
          });
        const signal = init?.signal as AbortSignal;
        signals.push(signal);
        if (!url.searchParams.has('q')) {
          // The first list request hangs until it is aborted.
          return new Promise<Response>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        }
        return jsonResponse({ body: LIST_PAGE });
      }),
    );
    renderDashboard();
    await waitFor(() => expect(signals).toHaveLength(1));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search workflows' }), {
      target: { value: 'north' },
    });
    await screen.findByRole('table', { name: 'Workflows' }, { timeout: 2000 });
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a new page from its top, with focus on the list', async () => {
    const listQueries = mockDashboardApi({ body: { ...LIST_PAGE, count: 120 } });
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    renderDashboard();
    await screen.findByRole('table', { name: 'Workflows' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries.at(-1)).toBe('?page=2'));
    const region = screen.getByRole('region', { name: 'Workflows' });
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(scrolled.mock.contexts.at(-1)).toBe(region);
    expect(document.activeElement).toBe(region);
  });

  // Issue 18: the list's filters are a batch update's selection, for people allowed to make one.
  it('offers "Batch update" on the filtered list only with the permission, opening it with the list query', async () => {
    mockDashboardApi();
    const without = renderDashboard('/workflows/instances?region__in=1&page=2');
    await screen.findByRole('table', { name: 'Workflows' });
    expect(screen.queryByRole('link', { name: /Batch update/ })).toBeNull();
    without.result.unmount();

    const { router } = renderDashboard('/workflows/instances?region__in=1&page=2', null, true);
    const action = await screen.findByRole('link', { name: 'Batch update 2 workflows' });
    fireEvent.click(action);
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/new'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('target')).toBe('workflows');
    // The filters without the page: every matching workflow, not the page on screen.
    expect(search.get('query')).toBe('region__in=1');
  });
});
