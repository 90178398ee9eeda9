import {
  ADMIN_PATHS,
  API_TOKEN_PATHS,
  type ApiToken,
  PERMISSIONS,
  type PermissionCodename,
} from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ApiTokensPage } from './api-tokens-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN: ApiToken = {
  id: 7,
  name: 'Warehouse sync',
  prefix: 'att_0123456789abcdef',
  scopes: ['can_view_dashboard', 'can_view_tasks', 'can_view_process_report'],
  creator: { id: 1, email: 'admin@acme.test', name: 'Ada Admin' },
  created_at: '2026-11-01T10:00:00Z',
  expires_at: '2027-01-30T10:00:00Z',
  last_used_at: null,
  revoked_at: null,
  status: 'active',
};
const SECRET = `att_fedcba9876543210_${'s'.repeat(43)}`;
const catalogue = {
  results: (Object.keys(PERMISSIONS) as PermissionCodename[]).map((codename) => ({
    codename,
    name: PERMISSIONS[codename],
  })),
};
const page = (results: ApiToken[]) => ({
  body: { results, count: results.length, next: null, previous: null },
});
// The signed-in person holds these: the only scopes the page may offer.
const held = new Set<PermissionCodename>(['can_view_dashboard', 'can_view_tasks', 'can_impersonate_users']);
const can = (codename: PermissionCodename) => held.has(codename);

describe('ApiTokensPage', () => {
  it('lists tokens with their scopes, creator, status and a never-used mark', async () => {
    mockApiCalls({ [API_TOKEN_PATHS.tokens]: page([TOKEN]) });
    renderWithProviders(<ApiTokensPage can={can} />);
    const row = (await screen.findByText('Warehouse sync')).closest('tr') as HTMLElement;
    expect(within(row).getByText('att_0123456789abcdef…')).toBeTruthy();
    expect(within(row).getByText('Can view dashboard')).toBeTruthy();
    expect(within(row).getByText('+1')).toBeTruthy();
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Revoke Warehouse sync' })).toBeTruthy();
  });

  it("offers only the person's own permissions (never impersonation) and shows the secret once", async () => {
    const calls = mockApiCalls({
      [API_TOKEN_PATHS.tokens]: page([]),
      [ADMIN_PATHS.permissions]: { body: catalogue },
      [`POST ${API_TOKEN_PATHS.tokens}`]: {
        status: 201,
        body: { ...TOKEN, scopes: ['can_view_tasks'], token: SECRET },
      },
    });
    renderWithProviders(<ApiTokensPage can={can} />);
    await screen.findByText('No API tokens yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: /Can view tasks/ });
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('value'));
    expect(offered.sort()).toEqual(['can_view_dashboard', 'can_view_tasks']);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: ' Warehouse sync ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Can view tasks/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(await screen.findByTestId('api-token-secret')).toHaveProperty('textContent', SECRET);
    expect(screen.getByText('Copy this token now')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Warehouse sync',
      scopes: ['can_view_tasks'],
      expires_in_days: 90,
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('api-token-secret')).toBeNull());
  });

  it("shows the server's refusal in the dialog", async () => {
    const detail = 'A token can only carry permissions you hold yourself.';
    mockApiCalls({
      [API_TOKEN_PATHS.tokens]: page([]),
      [ADMIN_PATHS.permissions]: { body: catalogue },
      [`POST ${API_TOKEN_PATHS.tokens}`]: { status: 400, body: { detail, code: 'invalid' } },
    });
    renderWithProviders(<ApiTokensPage can={can} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Sync' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Can view dashboard/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
  });
});
