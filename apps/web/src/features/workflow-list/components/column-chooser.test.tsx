import { ADMIN_PATHS, DASHBOARD_PATHS, PREFERENCE_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { KINDS, LIST_PAGE } from '../test/list-fixture';
import { DashboardPage } from './dashboard-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

// The API at the fetch boundary; `kept` is what the server keeps for each scope, PUTs change it.
function mockApi(kept: Record<string, string[] | null>) {
  const saves: { scope: string; columns: string[] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      const columns = url.pathname.match(/^\/api\/v1\/user-preferences\/dashboard-columns\/([^/]+)\/$/);
      if (columns) {
        const scope = columns[1] as string;
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { columns: string[] };
          saves.push({ scope, columns: body.columns });
          kept[scope] = body.columns;
        }
        return jsonResponse({ body: { columns: kept[scope] ?? null } });
      }
      const replies: Record<string, unknown> = {
        [DASHBOARD_PATHS.workflows]: LIST_PAGE,
        [WORKFLOW_PATHS.kinds]: page(KINDS),
        [ADMIN_PATHS.regions]: page([{ id: 1, name: 'Europe' }]),
        [PREFERENCE_PATHS.recentActivity]: { recently_viewed_workflows: [] },
        [PREFERENCE_PATHS.preferences]: page([]),
        [DASHBOARD_PATHS.kindWorkflowCounts]: { results: [] },
      };
      const body = replies[url.pathname];
      return body
        ? jsonResponse({ body })
        : jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return saves;
}

function renderDashboard(url: string) {
  return renderRoutes(
    [{ path: '/workflows/instances', element: <DashboardPage personalised={false} canViewAlerts /> }],
    { url },
  );
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim());

describe('the column chooser', () => {
  it('starts from a default set and keeps what the person shows, hides and moves, per kind', async () => {
    const saves = mockApi({});
    renderDashboard('/workflows/instances?kind_id=2');
    const table = await screen.findByRole('table', { name: 'Workflows' });
    await waitFor(() =>
      expect(headers(table)).toEqual([
        'Name',
        'Status',
        'Progress',
        'Alerts',
        'Region',
        'Annual spend',
        'Created',
      ]),
    );
    // A header is never cut mid-word: it ends in an ellipsis and names itself whole on hover.
    expect(within(table).getByTitle('Annual spend')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = await screen.findByRole('group', { name: 'Columns shown' });
    // The name always shows.
    expect((within(chooser).getByRole('checkbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Progress' }));
    await waitFor(() => expect(headers(table)).not.toContain('Progress'));
    expect(saves.at(-1)).toEqual({
      scope: '2',
      columns: [
        'name',
        'status',
        'alerts',
        'region',
        'field__supplier_onboarding__intake__details__spend',
        'created_at',
      ],
    });
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move Created up' }));
    await waitFor(() => expect(headers(table).at(-1)).toBe('Annual spend'));
    fireEvent.click(within(chooser).getByRole('checkbox', { name: '#' }));
    await waitFor(() => expect(headers(table)[0]).toBe('#'));
    expect(saves).toHaveLength(3);
    expect(saves.every((s) => s.scope === '2')).toBe(true);

    fireEvent.click(within(chooser).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() =>
      expect(headers(table)).toEqual([
        'Name',
        'Status',
        'Progress',
        'Alerts',
        'Region',
        'Annual spend',
        'Created',
      ]),
    );
  });

  it('shows the columns kept on the server for the kind, in their order', async () => {
    mockApi({ '2': ['created_at', 'name', 'no_longer_there'], all: ['name', 'kind'] });
    renderDashboard('/workflows/instances?kind_id=2');
    const table = await screen.findByRole('table', { name: 'Workflows' });
    await waitFor(() => expect(headers(table)).toEqual(['Created', 'Name']));
  });

  it('keeps the list of every kind apart from a single kind', async () => {
    mockApi({ '2': ['created_at', 'name'], all: ['kind', 'name'] });
    renderDashboard('/workflows/instances');
    const table = await screen.findByRole('table', { name: 'Workflows' });
    await waitFor(() => expect(headers(table)).toEqual(['Type', 'Name']));
  });
});
