import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MaintenancePage } from './maintenance-page';

const values = () => screen.queryAllByText(/^\d{2}$/).map((node) => node.textContent);

afterEach(() => vi.useRealTimers());

describe('MaintenancePage', () => {
  it('counts down to the end time every second, days only when non-zero', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    renderWithProviders(<MaintenancePage message="Upgrading storage." endTime="2026-01-01T12:30:05Z" />);
    expect(screen.getByText('Upgrading storage.')).toBeTruthy();
    expect(values()).toEqual(['02', '30', '05']);
    expect(screen.queryByText('Days')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(values()).toEqual(['02', '30', '04']);
  });

  it('shows days when there are some', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    renderWithProviders(<MaintenancePage message="Moving data centres." endTime="2026-01-03T11:00:00Z" />);
    expect(values()).toEqual(['02', '01', '00', '00']);
    expect(screen.getByText('Days')).toBeTruthy();
  });

  it('shows only the message without a future end time', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    const { unmount } = renderWithProviders(<MaintenancePage message="Back shortly." endTime={null} />);
    expect(screen.queryByRole('timer')).toBeNull();
    unmount();
    renderWithProviders(<MaintenancePage message="Back shortly." endTime="2025-12-31T10:00:00Z" />);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('MaintenancePage for administrators (issue 19)', () => {
  it('offers the sign-in page, where administrators go to end maintenance', () => {
    renderWithProviders(<MaintenancePage message="Back shortly." endTime={null} signInHref="/login" />);
    expect(screen.getByText('Administrator?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to manage maintenance' }).getAttribute('href')).toBe(
      '/login',
    );
  });
});
