import { NOTIFICATION_PATHS } from '@attest/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NotificationsBell } from './notifications-bell';

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell', () => {
  it('links to the notifications page with the unread count, 9+ above nine', async () => {
    mockApi({ [NOTIFICATION_PATHS.unreadCount]: { body: { count: 12 } } });
    renderWithProviders(<NotificationsBell />);
    const link = await screen.findByRole('link', { name: 'Notifications: 12 unread' });
    expect(link.getAttribute('href')).toBe('/notifications/');
    expect(screen.getByText('9+')).toBeTruthy();
  });

  it('shows no count when everything is read', async () => {
    const fetchMock = mockApi({ [NOTIFICATION_PATHS.unreadCount]: { body: { count: 0 } } });
    renderWithProviders(<NotificationsBell />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });
});
