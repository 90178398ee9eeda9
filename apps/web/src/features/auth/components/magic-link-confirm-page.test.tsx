import { ERROR_CODES, SIGN_IN_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAuthFrame } from '../../../test/auth-frame';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { MagicLinkConfirmPage } from './magic-link-confirm-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(43);

function renderConfirm() {
  return renderRoutes(
    [
      {
        path: '/login/magic/confirm',
        element: (
          <TestAuthFrame>
            <MagicLinkConfirmPage />
          </TestAuthFrame>
        ),
      },
      { path: '/reports', element: <p>reports</p> },
      { path: '*', element: <p>not found</p> },
    ],
    { url: `/login/magic/confirm?token=${TOKEN}` },
  );
}

describe('MagicLinkConfirmPage', () => {
  it('does not sign in when the link is opened, only on the button', async () => {
    const fetchMock = mockApi({
      [SIGN_IN_PATHS.magicLinkLogin]: { body: { ...makeUser(), next_path: '/reports' } },
    });
    const { router } = renderConfirm();
    const button = await screen.findByRole('button', { name: 'Continue and sign in' });
    // A mail scanner that prefetches the link gets this far and no further.
    expect(callsTo(fetchMock, SIGN_IN_PATHS.magicLinkLogin)).toHaveLength(0);

    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    const calls = callsTo(fetchMock, SIGN_IN_PATHS.magicLinkLogin);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ token: TOKEN });
  });

  it("sends an expired link to the 404 page's magic-link variant", async () => {
    mockApi({
      [SIGN_IN_PATHS.magicLinkLogin]: {
        status: 400,
        body: { detail: 'This magic link has expired.', code: ERROR_CODES.tokenExpired },
      },
    });
    const { router } = renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue and sign in' }));
    await waitFor(() => expect(router.state.location.search).toBe('?origin=magic-link'));
  });

  it('goes on to the MFA step when the account has an authenticator', async () => {
    mockApi({
      [SIGN_IN_PATHS.magicLinkLogin]: {
        body: { mfa: { requires_mfa_verification: true }, next_path: '/reports' },
      },
    });
    const { router } = renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue and sign in' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/login/mfa?next=%2Freports',
      ),
    );
  });
});
