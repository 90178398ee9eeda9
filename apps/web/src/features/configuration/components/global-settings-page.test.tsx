import { GLOBAL_SETTINGS_MESSAGES, GLOBAL_SETTINGS_PATH, type GlobalSettings } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { GlobalSettingsPage } from './global-settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const STORED: GlobalSettings = {
  special_features: ['NEW_UI_ENABLED'],
  feature_toggles: {
    ENABLE_NEW_AUTH_FLOW: false,
    ENABLE_PROCESS_OVERVIEW: false,
    ENABLE_WORKFLOW_LINK_DELINK_FEATURE: true,
    ENABLE_STRUCTURED_DATA_OBJECT: false,
  },
  maintenance: { enabled: false, message: null, end_time: null },
};

describe('GlobalSettingsPage', () => {
  it('shows each feature as a switch with its explanation and saves what changed', async () => {
    const calls = mockApiCalls({
      [GLOBAL_SETTINGS_PATH]: { body: STORED },
      [`PATCH ${GLOBAL_SETTINGS_PATH}`]: (call) => ({ body: { ...STORED, ...(call.body as object) } }),
    });
    renderWithProviders(<GlobalSettingsPage />);
    const newUi = await screen.findByRole('switch', { name: /New interface \(beta\)/ });
    expect(newUi).toHaveProperty('checked', true);
    expect(screen.getByText('The dashboard opens on “My stuff” instead of the kind view.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Link and unlink workflows/ })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('switch', { name: /Personalised dashboard/ }));
    fireEvent.click(screen.getByRole('switch', { name: /Process overview/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('admin.saved'));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      special_features: ['NEW_UI_ENABLED', 'PERSONALISED_HOMEPAGE'],
      feature_toggles: { ENABLE_PROCESS_OVERVIEW: true, ENABLE_WORKFLOW_LINK_DELINK_FEATURE: true },
      maintenance: { enabled: false, message: null, end_time: null },
    });
  });

  it('asks before turning maintenance on and shows the server’s refusal beside the message', async () => {
    const calls = mockApiCalls({
      [GLOBAL_SETTINGS_PATH]: { body: STORED },
      [`PATCH ${GLOBAL_SETTINGS_PATH}`]: {
        status: 400,
        body: {
          code: 'invalid',
          detail: 'Invalid input.',
          errors: { 'maintenance.end_time': [GLOBAL_SETTINGS_MESSAGES.maintenanceEndInPast] },
        },
      },
    });
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: /Maintenance mode on/ }));
    fireEvent.change(screen.getByLabelText(/Message on the maintenance page/), {
      target: { value: 'Upgrading' },
    });
    fireEvent.change(screen.getByLabelText(/Expected end/), { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await screen.findByText(GLOBAL_SETTINGS_MESSAGES.maintenanceEndInPast);
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toMatchObject({
      maintenance: {
        enabled: true,
        message: 'Upgrading',
        end_time: new Date('2020-01-01T10:00').toISOString(),
      },
    });
  });
});
