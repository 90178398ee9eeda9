import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MaintenanceBanner } from './maintenance-banner';

const ON = {
  is_maintenance_mode_enabled: true,
  message_on_maintenance_page: 'Upgrading the database',
  maintenance_end_time: '2030-01-15T18:30:00.000Z',
};

describe('MaintenanceBanner', () => {
  it('tells an administrator that maintenance is on, with the message, the end and the way to turn it off', () => {
    renderWithProviders(<MaintenanceBanner maintenance={ON} administrator settingsHref="/settings/global" />);
    const banner = screen.getByTestId('maintenance-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(screen.getByText('Maintenance mode is on.')).toBeTruthy();
    expect(screen.getByText('Upgrading the database')).toBeTruthy();
    expect(screen.getByText(/^Expected end: .*2030/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Turn it off in Global settings' });
    expect(link.getAttribute('href')).toBe('/settings/global');
  });

  it('leaves out the end when there is none', () => {
    renderWithProviders(
      <MaintenanceBanner
        maintenance={{ ...ON, maintenance_end_time: null }}
        administrator
        settingsHref="/settings/global"
      />,
    );
    expect(screen.queryByText(/Expected end/)).toBeNull();
  });

  it.each([
    ['maintenance is off', { ...ON, is_maintenance_mode_enabled: false }, true],
    ['the person is no administrator', ON, false],
  ])('shows nothing when %s', (_, maintenance, administrator) => {
    renderWithProviders(
      <MaintenanceBanner
        maintenance={maintenance}
        administrator={administrator}
        settingsHref="/settings/global"
      />,
    );
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });
});
