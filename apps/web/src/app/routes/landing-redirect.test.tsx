import type { PermissionCodename } from '@attest/shared';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionsQueryOptions } from '../../features/auth';
import { configurationQueryOptions } from '../../features/configuration';
import { makeConfiguration } from '../../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { LandingRedirect, landingPath } from './landing-redirect';

const allowing =
  (...codenames: PermissionCodename[]) =>
  (codename: PermissionCodename) =>
    codenames.includes(codename);

describe('landing route (spec 1 §2 private redirect)', () => {
  it('is the home page with PERSONALISED_HOMEPAGE, else the dashboard, else the tasks, else home', () => {
    expect(landingPath(true, allowing('can_view_dashboard', 'can_view_tasks'))).toBe('/home');
    expect(landingPath(false, allowing('can_view_dashboard', 'can_view_tasks'))).toBe('/workflows/instances');
    expect(landingPath(false, allowing('can_view_tasks'))).toBe('/tasks');
    expect(landingPath(false, allowing())).toBe('/home');
  });

  async function landAt(specialFeatures: string[], permissions: Record<string, boolean>) {
    const base = makeConfiguration();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      configurationQueryOptions().queryKey,
      makeConfiguration({ custom_ui_labels: { ...base.custom_ui_labels, specialFeatures } }),
    );
    queryClient.setQueryData(permissionsQueryOptions().queryKey, permissions);
    const { router } = renderRoutes(
      [
        { path: '/', element: <LandingRedirect /> },
        { path: '*', element: <p>page</p> },
      ],
      { queryClient },
    );
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    return router.state.location.pathname;
  }

  it('sends a signed-in person from / to their home route', async () => {
    expect(await landAt(['PERSONALISED_HOMEPAGE'], { can_view_dashboard: true })).toBe('/home');
    expect(await landAt([], { can_view_dashboard: true })).toBe('/workflows/instances');
    expect(await landAt([], { can_view_tasks: true })).toBe('/tasks');
  });
});
