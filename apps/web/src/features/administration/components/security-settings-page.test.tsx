import { ADMIN_PATHS, type SecuritySettings } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type Reply } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SecuritySettingsPage } from './security-settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const STORED: SecuritySettings = {
  require_mfa: false,
  session_idle_minutes: 30,
  session_absolute_hours: 12,
  captcha_enabled: false,
  hcaptcha_site_key: 'site-key-1',
  hcaptcha_secret_set: true,
};

// GET answers the stored settings; PATCH answers `onPatch` for the body it was sent.
function mockSettings(onPatch: (body: Record<string, unknown>) => Reply) {
  const patches: Record<string, unknown>[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    expect(new URL(String(input), 'http://acme.localhost').pathname).toBe(ADMIN_PATHS.securitySettings);
    if (init?.method !== 'PATCH') return jsonResponse({ body: STORED });
    const body = JSON.parse(String(init.body));
    patches.push(body);
    return jsonResponse(onPatch(body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return patches;
}

describe('SecuritySettingsPage', () => {
  it('shows the stored settings and a saved secret only as saved, and saves without resending it', async () => {
    const patches = mockSettings((body) => ({ body: { ...STORED, ...body } }));
    renderWithProviders(<SecuritySettingsPage />);
    const requireMfa = await screen.findByRole('switch', { name: /Require multi-factor authentication/ });
    expect(
      screen.getByText(
        'People without an authenticator app will be asked to set one up at their next sign-in.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText(/Idle timeout/)).toHaveProperty('value', '30');
    expect(screen.getByText(/30 minutes or less meets ASVS level 2/)).toBeTruthy();
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByLabelText(/hCaptcha secret/)).toHaveProperty('value', '');

    fireEvent.click(requireMfa);
    fireEvent.change(screen.getByLabelText(/Idle timeout/), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('admin.saved'));
    expect(patches).toEqual([
      {
        require_mfa: true,
        session_idle_minutes: 15,
        session_absolute_hours: 12,
        captcha_enabled: false,
        hcaptcha_site_key: 'site-key-1',
      },
    ]);
  });

  it("shows the server's field errors beside their fields", async () => {
    const message = 'Enter the hCaptcha secret to turn on captcha.';
    const patches = mockSettings(() => ({
      status: 400,
      body: { detail: message, code: 'invalid', errors: { hcaptcha_secret: [message] } },
    }));
    renderWithProviders(<SecuritySettingsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: /Ask for a captcha/ }));
    fireEvent.change(screen.getByLabelText(/hCaptcha secret/), { target: { value: '  new-secret ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    // The message belongs to the secret field (not a banner): the input is described by it.
    const error = await screen.findByText(message);
    const described = screen.getByLabelText(/hCaptcha secret/).getAttribute('aria-describedby') ?? '';
    expect(described.split(' ')).toContain(error.id);
    expect(patches[0]).toMatchObject({ captcha_enabled: true, hcaptcha_secret: 'new-secret' });
    expect(toast.success).not.toHaveBeenCalled();
  });
});
