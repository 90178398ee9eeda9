import { ACCOUNT_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SessionsCard } from './sessions-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const session = (id: string, current: boolean) => ({
  id,
  current,
  auth_method: 'password',
  user_agent: null,
  ip_address: '192.0.2.1',
  created_at: '2026-11-20T09:00:00.000Z',
  last_seen_at: '2026-11-21T09:00:00.000Z',
  expires_at: '2026-12-20T09:00:00.000Z',
});

function mockSessions() {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      if (init?.method === 'POST') {
        posts.push(path);
        return jsonResponse({ body: { revoked: 1 } });
      }
      const results = [session('a', true), session('b', false)];
      return jsonResponse({ body: { count: 2, next: null, previous: null, results } });
    }),
  );
  return posts;
}

describe('signing out everywhere else', () => {
  it('asks first; Cancel signs nobody out', async () => {
    const posts = mockSessions();
    renderWithProviders(<SessionsCard />);
    await screen.findAllByTestId('session-row');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('once confirmed, signs the other devices out and says so', async () => {
    const posts = mockSessions();
    renderWithProviders(<SessionsCard />);
    await screen.findAllByTestId('session-row');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('account.sessions.revokedOthers'));
    expect(posts).toEqual([ACCOUNT_PATHS.revokeOtherSessions]);
  });
});
