import type { Configuration } from '@attest/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeConfiguration, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { headerHeight } from '../lib/header-layout';
import { AppHeader, type AppHeaderProps } from './app-header';

const labels = makeConfiguration().custom_ui_labels;

function renderHeader(overrides: Partial<AppHeaderProps> = {}) {
  const configuration = overrides.configuration ?? makeConfiguration();
  const props: AppHeaderProps = {
    configuration,
    user: makeUser(),
    can: () => true,
    languages: configuration.supported_languages.map((code) => ({ code, label: code })),
    currentLanguage: 'en',
    onChangeLanguage: vi.fn(),
    onLogout: vi.fn(),
    ...overrides,
  };
  return renderWithProviders(<AppHeader {...props} />);
}

function withLabels(custom: Partial<Configuration['custom_ui_labels']>, rest: Partial<Configuration> = {}) {
  return makeConfiguration({ custom_ui_labels: { ...labels, ...custom }, ...rest });
}

function openUserMenu() {
  fireEvent.click(screen.getByTestId('user-menu-button'));
}

describe('header height and banner', () => {
  it('is 60 px without a banner and 85 px with one', () => {
    expect(headerHeight(labels)).toBe(60);
    expect(headerHeight({ ...labels, banner_message: 'Audit week', trigger: true })).toBe(85);
  });

  it('needs both the trigger and a message', () => {
    expect(headerHeight({ ...labels, banner_message: 'Audit week', trigger: false })).toBe(60);
    expect(headerHeight({ ...labels, banner_message: '   ', trigger: true })).toBe(60);
  });

  it('shows the banner on its configured colour', () => {
    renderHeader({
      configuration: withLabels({ banner_message: 'Audit week', trigger: true, color: '#102a43' }),
    });
    const banner = screen.getByTestId('header-banner');
    expect(banner).toHaveProperty('textContent', 'Audit week');
    expect(banner.style.background || banner.style.backgroundColor).toMatch(/#102a43|rgb\(16, 42, 67\)/);
  });

  it('has no banner when switched off', () => {
    renderHeader({ configuration: withLabels({ banner_message: 'Audit week', trigger: false }) });
    expect(screen.queryByTestId('header-banner')).toBeNull();
  });
});

describe('logo', () => {
  it('links home only for people who may view the dashboard', () => {
    const { unmount } = renderHeader({ can: (codename) => codename === 'can_view_dashboard' });
    expect(screen.getByTestId('header-logo').closest('a')?.getAttribute('href')).toBe('/');
    unmount();
    renderHeader({ can: () => false });
    expect(screen.getByTestId('header-logo').closest('a')).toBeNull();
    expect(screen.getByText('Acme Corp')).toBeTruthy();
  });

  it('shows the tenant logo when there is one', () => {
    renderHeader({ configuration: makeConfiguration({ logo: '/media/acme.svg' }) });
    expect(screen.getByAltText('Acme Corp').getAttribute('src')).toBe('/media/acme.svg');
  });
});

describe('reports icon', () => {
  const reports = () => screen.queryByRole('link', { name: 'Reports' });

  it('needs the view_reports feature and a report embed URL', () => {
    const embed = makeConfiguration({ report_embed_url: 'https://reports.test/embed' });
    const { unmount } = renderHeader({
      configuration: embed,
      user: makeUser({ features: ['view_reports'] }),
    });
    expect(reports()?.getAttribute('href')).toBe('/dashboards');
    unmount();

    const second = renderHeader({ configuration: embed, user: makeUser({ features: [] }) });
    expect(reports()).toBeNull();
    second.unmount();

    renderHeader({ configuration: makeConfiguration(), user: makeUser({ features: ['view_reports'] }) });
    expect(reports()).toBeNull();
  });
});

describe('beta features and header links', () => {
  it('shows the flask only when NEW_UI_ENABLED is on', () => {
    const { unmount } = renderHeader({ configuration: withLabels({ specialFeatures: ['NEW_UI_ENABLED'] }) });
    expect(screen.getByRole('link', { name: 'Beta features' })).toBeTruthy();
    unmount();
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Beta features' })).toBeNull();
  });

  it('opens tenant links in a new tab', () => {
    renderHeader({
      configuration: withLabels({ header_links: [{ label: 'Policies', url: 'https://p.test/' }] }),
    });
    const link = screen.getByRole('link', { name: /Policies/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('user menu', () => {
  const support = [{ label: 'Help centre', url: 'https://help.test/' }];

  it('lists support links for internal users', () => {
    renderHeader({ configuration: makeConfiguration({ support_links: support }) });
    openUserMenu();
    expect(screen.getByRole('menuitem', { name: 'Help centre' })).toBeTruthy();
  });

  it('hides support links from supplier users', () => {
    renderHeader({
      configuration: makeConfiguration({ support_links: support }),
      user: makeUser({ kind: 2 }),
    });
    openUserMenu();
    expect(screen.queryByRole('menuitem', { name: 'Help centre' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('offers a Language submenu only with more than one language', () => {
    const { unmount } = renderHeader({ languages: [{ code: 'en', label: 'English' }] });
    openUserMenu();
    expect(screen.queryByText('Language')).toBeNull();
    unmount();

    renderHeader({
      languages: [
        { code: 'en', label: 'English' },
        { code: 'es', label: 'Español' },
      ],
    });
    openUserMenu();
    expect(screen.getByText('Language')).toBeTruthy();
  });

  it('links Profile to the profile workflow, and disables it without one', () => {
    const { unmount } = renderHeader({ user: makeUser({ user_profile_workflow: 42 }) });
    openUserMenu();
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/process/42');
    unmount();

    renderHeader({ user: makeUser({ user_profile_workflow: null }) });
    openUserMenu();
    const profile = screen.getByRole('menuitem', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBeNull();
    expect(profile.hasAttribute('disabled') || profile.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('logs out from the menu', () => {
    const onLogout = vi.fn();
    renderHeader({ onLogout });
    openUserMenu();
    fireEvent.click(within(document.body).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});

describe('notifications and subscriptions', () => {
  it('shows the notifications control it is given, on every page', () => {
    renderHeader({ notifications: <button type="button">bell</button> });
    expect(screen.getByRole('button', { name: 'bell' })).toBeTruthy();
  });

  it("opens 'My subscriptions' from the user menu", async () => {
    const onOpenSubscriptions = vi.fn();
    renderHeader({ onOpenSubscriptions });
    openUserMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My subscriptions' }));
    expect(onOpenSubscriptions).toHaveBeenCalledTimes(1);
  });
});
