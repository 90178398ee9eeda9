import { SUBSCRIPTION_PATHS } from '@attest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { StudioActivityPage } from './activity-page';
import { readActivityFilters } from './activity-search-params';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T10:00:00.000Z';
const app = {
  id: 3,
  name: 'Third-party risk',
  description: '',
  icon: null,
  created_by: 1,
  created_at: at,
  updated_at: at,
  archived_at: null,
  latest_version: null,
  environments: [],
  branch_count: 1,
};
const row = {
  id: 9,
  app_id: 3,
  branch_id: 4,
  actor_user_id: 7,
  action: 'version_deployed',
  details: { version: '1.2', environment: 'PRODUCTION' },
  created_at: at,
};

function api() {
  return mockApi({
    '/api/v1/studio/activity/': { body: { results: [row], count: 1, next: null, previous: null } },
    '/api/v1/studio/apps/': { body: { results: [app], count: 1, next: null, previous: null } },
    '/api/v1/studio/apps/3/': {
      body: {
        app,
        branches: [
          {
            id: 4,
            name: 'vendor-offboarding',
            is_main: false,
            based_on_savepoint_id: null,
            revision: 1,
            created_by: 7,
            created_at: at,
            updated_by: 7,
            updated_at: at,
          },
        ],
        savepoints: [],
        versions: [],
        deployments: [],
      },
    },
    [SUBSCRIPTION_PATHS.userList]: {
      body: {
        results: [{ id: 7, name: 'Dana Designer', email: 'dana@acme.test' }],
        count: 1,
        next: null,
        previous: null,
      },
    },
  });
}

describe('StudioActivityPage', () => {
  it('sends the filters the URL holds to the server and shows who, what, where', async () => {
    const fetchMock = api();
    const url =
      '/studio/activity-logs?app=3&actor=7&action=version_deployed&from=2026-11-01&to=2026-11-20&page=2';
    renderRoutes([{ path: '/studio/activity-logs', element: <StudioActivityPage /> }], { url });
    expect(await screen.findByText('Dana Designer')).toBeTruthy();
    expect(screen.getAllByText('Version deployed').length).toBeGreaterThan(0);
    expect(screen.getByText('Version 1.2')).toBeTruthy();
    // Where: the app, and the branch by its name.
    expect(await screen.findByText('vendor-offboarding')).toBeTruthy();
    expect(screen.getAllByText('Third-party risk').length).toBeGreaterThan(0);
    const query = new URL(String(callsTo(fetchMock, '/api/v1/studio/activity/')[0]?.[0]), 'http://x')
      .searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      app_id: '3',
      actor_id: '7',
      action: 'version_deployed',
      from: '2026-11-01',
      // The page's last day is included; the API's `to` is exclusive.
      to: '2026-11-21',
      offset: '25',
    });
  });

  it('writes a changed filter into the URL, back on page 1', async () => {
    api();
    const { router } = renderRoutes([{ path: '/studio/activity-logs', element: <StudioActivityPage /> }], {
      url: '/studio/activity-logs?action=version_deployed&page=3',
    });
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-11-02' } });
    expect(router.state.location.search).toBe('?action=version_deployed&from=2026-11-02');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('ignores malformed filters instead of failing', () => {
    expect(
      readActivityFilters(new URLSearchParams('app=x&actor=-1&action=drop_table&from=2026-13-45&page=0')),
    ).toEqual({
      page: 1,
      appId: null,
      actorId: null,
      action: null,
      from: null,
      to: null,
    });
  });
});
