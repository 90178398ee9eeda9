import { SIGN_IN_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAuthFrame } from '../../../test/auth-frame';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { MfaPage } from './mfa-page';

afterEach(() => vi.unstubAllGlobals());

function renderMfa(url = '/login/mfa?next=%2Ftasks') {
  return renderRoutes(
    [
      {
        path: '/login/mfa',
        element: (
          <TestAuthFrame>
            <MfaPage />
          </TestAuthFrame>
        ),
      },
      { path: '/tasks', element: <p>tasks page</p> },
    ],
    { url },
  );
}

function typeCode(code: string) {
  const inputs = screen.getByTestId('mfa-code').querySelectorAll('input:not([type=hidden])');
  code.split('').forEach((digit, index) => {
    const input = inputs[index];
    if (input) fireEvent.change(input, { target: { value: digit } });
  });
}

describe('MfaPage', () => {
  it('sends the 6-digit code to login_using_mfa and continues to next', async () => {
    const fetchMock = mockApi({ [SIGN_IN_PATHS.loginUsingMfa]: { body: makeUser() } });
    const { router } = renderMfa();
    typeCode('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    const [call] = callsTo(fetchMock, SIGN_IN_PATHS.loginUsingMfa);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: '123456' });
  });

  it("shows the server's message for a wrong code and stays", async () => {
    mockApi({
      [SIGN_IN_PATHS.loginUsingMfa]: {
        status: 400,
        body: { detail: 'The code is not valid.', code: 'authentication_failed' },
      },
    });
    const { router } = renderMfa();
    typeCode('000000');
    expect(await screen.findByText('The code is not valid.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/mfa');
  });

  it("falls back to 'MFA login failed' when the answer has no message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderMfa();
    typeCode('111111');
    expect(await screen.findByText('MFA login failed')).toBeTruthy();
  });

  it('accepts a recovery code instead', async () => {
    const fetchMock = mockApi({ [SIGN_IN_PATHS.loginUsingMfa]: { body: makeUser() } });
    const { router } = renderMfa();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(JSON.parse(String(callsTo(fetchMock, SIGN_IN_PATHS.loginUsingMfa)[0]?.[1]?.body))).toEqual({
      token: 'abcde-12345',
    });
  });
});
