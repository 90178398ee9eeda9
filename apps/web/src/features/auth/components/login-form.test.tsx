import { SIGN_IN_PATHS } from '@attest/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { HCaptchaApi } from '../lib/load-hcaptcha';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.hcaptcha;
  for (const script of document.querySelectorAll('script[src*="hcaptcha"]')) script.remove();
});

function fill() {
  fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'ada@acme.test' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'correct horse' } });
}

const loginBody = (fetchMock: ReturnType<typeof mockApi>) =>
  JSON.parse(String(callsTo(fetchMock, '/api/v1/users/login/')[0]?.[1]?.body));

describe('LoginForm and captcha', () => {
  it('loads nothing from hCaptcha and sends no captcha fields when the tenant has none', async () => {
    const fetchMock = mockApi({
      [SIGN_IN_PATHS.captchaConfig]: { body: { enabled: false, site_key: null } },
      '/api/v1/users/login/': { body: makeUser() },
    });
    const onAnswer = vi.fn();
    renderWithProviders(<LoginForm onAnswer={onAnswer} />);
    await waitFor(() => expect(callsTo(fetchMock, SIGN_IN_PATHS.captchaConfig)).toHaveLength(1));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalled());
    expect(loginBody(fetchMock)).toEqual({ email: 'ada@acme.test', password: 'correct horse' });
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
  });

  it('renders the widget when enabled and sends its token with captcha_service hcaptcha', async () => {
    let solve: (token: string) => void = () => {};
    window.hcaptcha = {
      render: vi.fn((_el, options) => {
        solve = options.callback;
        return 'widget-1';
      }),
      reset: vi.fn(),
      remove: vi.fn(),
    } satisfies HCaptchaApi;
    const fetchMock = mockApi({
      [SIGN_IN_PATHS.captchaConfig]: { body: { enabled: true, site_key: 'site-key-1' } },
      '/api/v1/users/login/': { body: makeUser() },
    });
    const onAnswer = vi.fn();
    renderWithProviders(<LoginForm onAnswer={onAnswer} />);
    await waitFor(() => expect(window.hcaptcha?.render).toHaveBeenCalled());
    fill();
    const submit = screen.getByRole('button', { name: 'Sign in' });
    // Not before the person has solved it.
    expect(submit.hasAttribute('disabled')).toBe(true);
    act(() => solve('captcha-token-1'));
    fireEvent.click(submit);
    await waitFor(() => expect(onAnswer).toHaveBeenCalled());
    expect(loginBody(fetchMock)).toEqual({
      email: 'ada@acme.test',
      password: 'correct horse',
      captcha_token: 'captcha-token-1',
      captcha_service: 'hcaptcha',
    });
  });
});

describe('LoginForm when password sign-in is paused', () => {
  it('shows the server answer and points to signing in with a code sent by e-mail', async () => {
    mockApi({
      [SIGN_IN_PATHS.captchaConfig]: { body: { enabled: false, site_key: null } },
      '/api/v1/users/login/': {
        status: 429,
        headers: { 'Retry-After': '900' },
        body: {
          detail: 'Too many failed attempts. Please wait a moment before trying again.',
          code: 'throttled',
        },
      },
    });
    renderWithProviders(<LoginForm onAnswer={vi.fn()} />, { url: '/login?next=%2Freports' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false),
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Too many failed attempts. Please wait a moment before trying again.'),
    ).toBeTruthy();
    expect(screen.getByTestId('password-paused-hint').textContent).toContain(
      'You can still sign in now with a code or a link sent to your email address.',
    );
    const link = screen.getByRole('link', { name: 'Email me a sign-in code' });
    expect(link.getAttribute('href')).toBe('/login/code?next=%2Freports');
  });

  it('shows no such hint for a wrong password', async () => {
    mockApi({
      [SIGN_IN_PATHS.captchaConfig]: { body: { enabled: false, site_key: null } },
      '/api/v1/users/login/': {
        status: 400,
        body: { detail: 'Unable to log in with provided credentials.', code: 'authentication_failed' },
      },
    });
    renderWithProviders(<LoginForm onAnswer={vi.fn()} />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false),
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Unable to log in with provided credentials.')).toBeTruthy();
    expect(screen.queryByTestId('password-paused-hint')).toBeNull();
  });
});
