import { ADMIN_PATHS, DASHBOARD_PATHS, PREFERENCE_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { KINDS, LIST_PAGE } from '../test/list-fixture';
import { DashboardPage } from './dashboard-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

// A wide window, so the sidebar is open from the start (a narrow one starts with it closed).
type HappyWindow = { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
beforeEach(() => (window as unknown as HappyWindow).happyDOM.setViewport({ width: 1600, height: 900 }));

afterEach(() => {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width: 1024, height: 768 });
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const base = KINDS[0] as (typeof KINDS)[number];
// More kinds than the sidebar ever counted one request at a time (30).
const MANY_KINDS = Array.from({ length: 35 }, (_, i) => ({
  ...base,
  id: i + 1,
  name: `Kind ${i + 1}`,
  tag: `kind_${i + 1}`,
  // Status options must stay unique across kinds.
  available_statuses: i === 0 ? base.available_statuses : [],
}));
const countsOf = (query: URLSearchParams) => ({
  results: MANY_KINDS.map((k) =>
    k.id === 1
      ? { kind_id: 1, count: 25_000, count_is_estimate: true }
      : { kind_id: k.id, count: k.id * (query.has('q') ? 10 : 1), count_is_estimate: false },
  ),
});

type Hang = (url: URL) => boolean;

// The API at the fetch boundary. Records the counts requests with their signals; `hang` says which
// counts requests never answer until aborted.
function mockApi(hang: Hang = () => false) {
  const counts: { search: string; signal: AbortSignal }[] = [];
  const lists: string[] = [];
  const kindCounts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      if (url.pathname === DASHBOARD_PATHS.kindWorkflowCounts) {
        const signal = init?.signal as AbortSignal;
        counts.push({ search: url.search, signal });
        if (hang(url)) {
          return new Promise<Response>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        }
        return jsonResponse({ body: countsOf(url.searchParams) });
      }
      if (url.pathname === DASHBOARD_PATHS.kindCount(1)) {
        kindCounts.push(url.search);
        const count = url.searchParams.has('q') ? 3 : 40;
        return jsonResponse({
          body: {
            stepgroupdef_counts: [
              { step_group_tag: 'intake', name: 'Intake', count, count_is_estimate: false },
            ],
          },
        });
      }
      if (url.pathname === DASHBOARD_PATHS.kindAlertCount(1)) {
        kindCounts.push(url.search);
        const count = url.searchParams.has('q') ? 2 : 30;
        return jsonResponse({
          body: {
            alert_details: [{ alert_tag: 'late', cat_color_label: 'R', count, count_is_estimate: false }],
          },
        });
      }
      if (url.pathname === DASHBOARD_PATHS.workflows) {
        lists.push(url.search);
        return jsonResponse({ body: LIST_PAGE });
      }
      const replies: Record<string, unknown> = {
        [WORKFLOW_PATHS.kinds]: page(MANY_KINDS),
        [ADMIN_PATHS.regions]: page([{ id: 1, name: 'Europe' }]),
        [PREFERENCE_PATHS.recentActivity]: { recently_viewed_workflows: [] },
        [PREFERENCE_PATHS.preferences]: page([]),
      };
      const body = replies[url.pathname];
      return body
        ? jsonResponse({ body })
        : jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return { counts, lists, kindCounts };
}

function renderDashboard(url: string) {
  return renderRoutes(
    [{ path: '/workflows/instances', element: <DashboardPage personalised={false} canViewAlerts /> }],
    { url },
  );
}

const sidebar = () => screen.getByRole('navigation', { name: 'Dashboard navigation' });
const kindButton = (name: string) =>
  within(sidebar()).getByRole('button', { name: new RegExp(`^${name}\\b`) });

describe('the sidebar kind counts', () => {
  it('counts every kind in one request with the filters that apply across kinds', async () => {
    const { counts, lists } = mockApi();
    renderDashboard('/workflows/instances?q=north&status__in=11&region__in=1');
    await screen.findByRole('table', { name: 'Workflows' });
    await waitFor(() => expect(within(kindButton('Kind 35')).getByText('350')).toBeTruthy());
    // An estimate reads as "about".
    expect(within(kindButton('Kind 1')).getByText('about 25,000')).toBeTruthy();
    expect(within(kindButton('Kind 2')).getByText('20')).toBeTruthy();
    // Statuses belong to one kind, so the counts leave them out.
    expect(counts.map((c) => c.search)).toEqual(['?q=north&region__in=1']);
    expect(lists).toEqual(['?q=north&status__in=11&region__in=1']);
  });

  it('aborts the counts request in flight when the filters change and never shows its answer', async () => {
    const { counts } = mockApi((url) => !url.searchParams.has('q'));
    renderDashboard('/workflows/instances');
    await waitFor(() => expect(counts).toHaveLength(1));
    // Loading: a loader in place of each count.
    const loading = await within(sidebar()).findByRole('button', { name: /^Kind 35\b/ });
    expect(within(loading).queryByText('35')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search workflows' }), {
      target: { value: 'north' },
    });
    await waitFor(() => expect(within(kindButton('Kind 35')).getByText('350')).toBeTruthy(), {
      timeout: 2000,
    });
    expect(counts.map((c) => c.search)).toEqual(['', '?q=north']);
    expect(counts[0]?.signal.aborted).toBe(true);
    expect(counts[1]?.signal.aborted).toBe(false);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('counts the queues and alerts of the chosen kind under the same filters', async () => {
    const { kindCounts } = mockApi();
    renderDashboard('/workflows/instances?kind_id=1&q=north&status__in=11&region__in=1');
    await screen.findByRole('table', { name: 'Workflows' });
    const queue = await within(sidebar()).findByRole('button', { name: /^Intake\b/ });
    await waitFor(() => expect(within(queue).getByText('3')).toBeTruthy());
    await waitFor(() => expect(within(sidebar()).getByText('2')).toBeTruthy());
    // As for the kind counts, what only makes sense within one kind (statuses) is left out.
    expect([...new Set(kindCounts)].sort()).toEqual([
      '?q=north&region__in=1',
      '?type=stepgroup&q=north&region__in=1',
    ]);
  });
});
