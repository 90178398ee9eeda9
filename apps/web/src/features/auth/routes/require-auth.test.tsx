import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { RequireAuth } from './require-auth';

afterEach(() => vi.unstubAllGlobals());

function renderPrivate(url: string) {
  return renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/tasks', element: <p>tasks page</p> },
          { path: '/account/security', element: <p>security page</p> },
        ],
      },
      { path: '/login', element: <p>login page</p> },
    ],
    { url },
  );
}

const enrolling = makeUser({
  mfa: { requires_mfa_verification: false, enrolled: false, enrolment_required: true },
});

describe('RequireAuth and required MFA enrolment', () => {
  it('sends every private page to the security page until enrolment is done', async () => {
    const fetchMock = mockApi({ '/api/v1/users/me/': { body: enrolling } });
    const { router } = renderPrivate('/tasks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(await screen.findByText('security page')).toBeTruthy();
    // The server refuses everything else meanwhile: permissions are not even asked for.
    expect(callsTo(fetchMock, '/api/v1/users/permissions/')).toHaveLength(0);
  });

  it('lets an enrolled user through to the page asked for', async () => {
    mockApi({
      '/api/v1/users/me/': { body: makeUser() },
      '/api/v1/users/permissions/': { body: { objects: { can_view_tasks: true } } },
    });
    renderPrivate('/tasks');
    expect(await screen.findByText('tasks page')).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in with next', async () => {
    mockApi({ '/api/v1/users/me/': { status: 401, body: { detail: 'x', code: 'not_authenticated' } } });
    const { router } = renderPrivate('/tasks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Ftasks');
  });
});
