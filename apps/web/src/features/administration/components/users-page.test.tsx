import { ADMIN_PATHS } from '@attest/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { UsersPage } from './users-page';

afterEach(() => vi.unstubAllGlobals());

const user = (id: number, overrides: object) => ({
  id,
  email: `user${id}@acme.test`,
  first_name: 'Ana',
  last_name: `Analyst ${id}`,
  kind: 1,
  is_active: true,
  groups: [{ id: 1, name: 'Analysts' }],
  extra_permissions: [],
  mfa_enrolled: false,
  invited_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the users page', () => {
  it('shows each status and the MFA state whole, with headers on one line', async () => {
    const results = [user(1, { mfa_enrolled: true }), user(2, { is_active: false })];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), 'http://acme.localhost');
        if (url.pathname === ADMIN_PATHS.users) {
          return jsonResponse({ body: { count: 2, next: null, previous: null, results } });
        }
        return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
      }),
    );
    renderWithProviders(<UsersPage can={() => true} currentUserId={99} />);
    const table = await screen.findByTestId('users-table');
    const [first, second] = await within(table).findAllByTestId('user-row');
    // Issue 14: "ACTI..." said nothing: the badge keeps its whole, translated label.
    const active = within(first as HTMLElement).getByText('Active');
    const badge = active.closest('.mantine-Badge-root') as HTMLElement;
    expect(getComputedStyle(active).textOverflow).toBe('clip');
    expect(getComputedStyle(badge).flexShrink).toBe('0');
    expect(within(first as HTMLElement).getByText('Enabled')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Deactivated')).toBeTruthy();
    for (const name of ['Multi-factor', 'Status']) {
      const header = within(table).getByRole('columnheader', { name });
      expect(header.style.whiteSpace).toBe('nowrap');
    }
  });
});
