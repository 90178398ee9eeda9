import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { AdminRedirect } from './admin-redirect';

// Issue 12, finding 11: /admin reloaded itself for ever; it now goes to settings once, in the app.
describe('AdminRedirect', () => {
  it.each([
    ['/admin', '/settings'],
    ['/admin/', '/settings'],
    ['/admin/users', '/settings/users'],
    ['/admin/audit/', '/settings/audit'],
    ['/admin/unknown/deep', '/settings'],
  ])('%s goes to %s without reloading the page', async (from, to) => {
    const { router } = renderRoutes(
      [
        { path: 'admin/*', element: <AdminRedirect /> },
        { path: 'settings/*', element: <p>settings</p> },
      ],
      { url: from },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
