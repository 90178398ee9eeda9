import { STUDIO_SETTINGS_PATHS, SUBSCRIPTION_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { StudioAppSettingsPage } from './app-settings-page';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T10:00:00.000Z';
const settings = (canEdit = true) => ({
  app: {
    id: 3,
    name: 'Third-party risk',
    description: 'Vendors',
    icon: null,
    created_by: 1,
    created_at: at,
    updated_at: at,
    archived_at: null,
  },
  editors: { users: [{ id: 7, name: 'Dana Designer', email: 'dana@acme.test' }], groups: [] },
  can_edit: canEdit,
});

// GET .../settings/ answers the settings; PATCH on the app answers `patch` and is recorded.
function api(patch: { status: number; body: unknown }, canEdit = true) {
  const sent: unknown[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://acme.localhost').pathname;
    if (path === STUDIO_SETTINGS_PATHS.app(3) && init?.method === 'PATCH') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(patch);
    }
    if (path === STUDIO_SETTINGS_PATHS.settings(3)) return jsonResponse({ body: settings(canEdit) });
    if (path === SUBSCRIPTION_PATHS.userList)
      return jsonResponse({
        body: {
          results: [{ id: 7, name: 'Dana Designer', email: 'dana@acme.test' }],
          count: 1,
          next: null,
          previous: null,
        },
      });
    return jsonResponse({ status: 403, body: { detail: 'Forbidden.', code: 'forbidden' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

const path = '/studio/apps/:id/settings/*';

describe('StudioAppSettingsPage', () => {
  it('shows a missing name on its field and sends nothing', async () => {
    const sent = api({ status: 200, body: settings() });
    renderWithProviders(<StudioAppSettingsPage />, { path, url: '/studio/apps/3/settings/' });
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Give the app a name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it("shows the server's field errors next to their fields", async () => {
    const sent = api({
      status: 400,
      body: {
        detail: 'Invalid input.',
        code: 'validation_error',
        errors: { icon: ['Too long.'], 'editors.user_ids.0': ['This person is not a member of the tenant.'] },
      },
    });
    // The same page under a branch's address.
    renderWithProviders(<StudioAppSettingsPage />, {
      path: '/studio/apps/:id/:branch/settings/*',
      url: '/studio/apps/3/main/settings/',
    });
    fireEvent.change(await screen.findByLabelText('Icon'), { target: { value: '🚚' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Too long.')).toBeTruthy();
    expect(screen.getByText('This person is not a member of the tenant.')).toBeTruthy();
    expect(screen.getByLabelText('Icon').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([{ icon: '🚚' }]);
  });

  it('is read-only for someone who may not edit the app', async () => {
    api({ status: 200, body: settings(false) }, false);
    renderWithProviders(<StudioAppSettingsPage />, { path, url: '/studio/apps/3/settings/' });
    expect(await screen.findByText(/you are not among this app’s editors/)).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Archive app' })).toBeNull());
  });
});
