import { STUDIO_PATHS, STUDIO_SETTINGS_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { StudioAppRoute } from './app-routes';
import { makeDetail, PERMISSIONS_PATH, permissions } from './test-data';

const routes = ['/studio/apps/:id', '/studio/apps/:id/:branch', '/studio/apps/:id/:branch/:savepoint'].map(
  (path) => ({ path, element: <StudioAppRoute /> }),
);

function mockApp(canEdit: boolean) {
  const detail = makeDetail();
  const processes = [
    { kind: { tag: 'onboarding', name: 'Supplier onboarding' }, statuses: [{}], step_groups: [] },
  ];
  mockApi({
    [STUDIO_PATHS.app(7)]: { body: detail },
    [STUDIO_SETTINGS_PATHS.settings(7)]: {
      body: { app: detail.app, editors: { users: [], groups: [] }, can_edit: canEdit },
    },
    [STUDIO_PATHS.branch(7, 11)]: { body: { ...detail.branches[0], package: { processes } } },
    [STUDIO_PATHS.savepoint(7, 21)]: { body: { ...detail.savepoints[0], package: { processes } } },
    [PERMISSIONS_PATH]: permissions('can_access_studio'),
  });
}

describe('the app page', () => {
  it('lists the branch’s processes with links to their page and designer, and keeps the tab in the address', async () => {
    mockApp(true);
    const { router } = renderRoutes(routes, { url: '/studio/apps/7' });
    const page = await screen.findByRole('link', { name: 'Process page' });
    expect(page.getAttribute('href')).toBe('/studio/apps/7/main/process/onboarding');
    expect(screen.getByRole('link', { name: 'Designer' }).getAttribute('href')).toBe(
      '/studio/apps/7/main/designer/onboarding',
    );
    expect(screen.getByRole('button', { name: 'New process' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Branches/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=branches'));
    expect(await screen.findByRole('button', { name: 'New branch' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Merge feature into main' })).toBeTruthy();
  });

  it('shows a savepoint read-only: no designer link, no new savepoint', async () => {
    mockApp(true);
    renderRoutes(routes, { url: '/studio/apps/7/main/21?tab=savepoints' });
    expect(await screen.findByText('Savepoint (read-only)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Savepoint of main' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Processes' }));
    await screen.findByRole('link', { name: 'Process page' });
    expect(screen.queryByRole('link', { name: 'Designer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New process' })).toBeNull();
  });

  it('offers no change to someone who may not edit the app', async () => {
    mockApp(false);
    renderRoutes(routes, { url: '/studio/apps/7?tab=branches' });
    await screen.findByRole('link', { name: 'feature' });
    expect(screen.queryByRole('button', { name: 'New branch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge feature into main' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Processes' }));
    await screen.findByRole('link', { name: 'Process page' });
    expect(screen.queryByRole('button', { name: 'New process' })).toBeNull();
  });
});
