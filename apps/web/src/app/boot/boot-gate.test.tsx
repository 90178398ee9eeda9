import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConfiguration } from '../../features/configuration';
import { jsonResponse } from '../../test/fetch-mock';
import { makeConfiguration } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { BootGate } from './boot-gate';

// The strings and the session sync are other tests' business here.
vi.mock('./use-boot-language', () => ({ useBootLanguage: () => 'en' }));
vi.mock('./use-impersonation-sync', () => ({ useImpersonationSync: () => undefined }));

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const CONFIGURATION = makeConfiguration({
  configuration: {
    is_maintenance_mode_enabled: true,
    message_on_maintenance_page: 'Upgrading the database.',
    maintenance_end_time: null,
  },
});

// During maintenance the server answers 503 to everyone but administrators: the configuration (with
// itself as the body) and /users/me alike.
function inMaintenance() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      if (path.endsWith('customers/configuration/'))
        return jsonResponse({ status: 503, body: CONFIGURATION });
      return jsonResponse({
        status: 503,
        body: { detail: 'The service is under maintenance.', code: 'maintenance' },
      });
    }),
  );
}

function SignInPage() {
  return <p>the sign-in page of {useConfiguration().name}</p>;
}

describe('BootGate during maintenance (issue 19)', () => {
  it('shows the maintenance page with the way in for administrators', async () => {
    inMaintenance();
    renderWithProviders(
      <BootGate>
        <p>the app</p>
      </BootGate>,
    );
    await screen.findByText('Upgrading the database.');
    expect(screen.getByRole('link', { name: 'Sign in to manage maintenance' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('keeps the sign-in pages open, so a signed-out administrator can come back and end it', async () => {
    inMaintenance();
    window.history.pushState({}, '', '/login');
    renderWithProviders(
      <BootGate>
        <SignInPage />
      </BootGate>,
    );
    // The sign-in page brands itself from the configuration the 503 carried, though it mounts later.
    await screen.findByText('the sign-in page of Acme Corp');
    expect(screen.queryByText('Upgrading the database.')).toBeNull();
  });
});
