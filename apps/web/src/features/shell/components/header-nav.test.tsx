import { type PermissionCodename, USER_KIND } from '@attest/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeConfiguration, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { badgeText, navItems } from '../lib/nav-items';
import { AppHeader } from './app-header';
import { HeaderNav } from './header-nav';

const allowing =
  (...codenames: PermissionCodename[]) =>
  (codename: PermissionCodename) =>
    codenames.includes(codename);
const everything = allowing('can_view_dashboard', 'can_view_tasks', 'can_view_process_report');

// jsdom matches no media query, so the wide-screen row counts as hidden there: asked for anyway.
const hidden = { hidden: true };
function nav() {
  const element = screen.getByRole('navigation', hidden);
  expect(element.getAttribute('aria-label')).toBe('Main');
  return element;
}

describe('header navigation', () => {
  it('shows each area only to people who may use it', () => {
    expect(navItems(makeUser(), everything).map((i) => i.id)).toEqual([
      'home',
      'workflows',
      'tasks',
      'reports',
      'search',
    ]);
    expect(navItems(makeUser(), allowing('can_view_tasks')).map((i) => i.id)).toEqual([
      'home',
      'tasks',
      'search',
    ]);
    expect(navItems(makeUser(), allowing()).map((i) => i.id)).toEqual(['home', 'search']);
  });

  it('puts Tasks first for supplier users', () => {
    const supplier = makeUser({ kind: USER_KIND.supplier });
    expect(navItems(supplier, everything).map((i) => i.id)).toEqual([
      'tasks',
      'home',
      'workflows',
      'reports',
      'search',
    ]);
  });

  it('caps the task badge as 99+ (spec 2 §9.2)', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('links the areas, marks the current one and names the open-task count', () => {
    renderWithProviders(
      <HeaderNav user={makeUser()} can={everything} openTaskCount={120} onOpenSearch={vi.fn()} />,
      {
        url: '/tasks?tab=mine',
      },
    );
    const links = within(nav()).getAllByRole('link', hidden);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/home',
      '/workflows/instances',
      '/tasks',
      '/dashboards',
    ]);
    const tasks = within(nav()).getByRole('link', { name: 'Tasks 99+ open', ...hidden });
    expect(tasks.getAttribute('aria-current')).toBe('page');
    expect(within(tasks).getByTestId('nav-task-count').textContent).toBe('99+');
    expect(
      within(nav())
        .getByRole('link', { name: 'Home', ...hidden })
        .getAttribute('aria-current'),
    ).toBeNull();
  });

  it('opens the search palette from its Search button', () => {
    const onOpenSearch = vi.fn();
    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing()} openTaskCount={null} onOpenSearch={onOpenSearch} />,
    );
    fireEvent.click(within(nav()).getByRole('button', { name: 'Search', ...hidden }));
    expect(onOpenSearch).toHaveBeenCalledOnce();
  });

  it('offers the same links in a menu on narrow screens', async () => {
    renderWithProviders(
      <HeaderNav user={makeUser()} can={everything} openTaskCount={3} onOpenSearch={vi.fn()} />,
      {
        url: '/home',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Home', 'Workflows', 'Tasks 3 open3', 'Reports', 'Search']);
    expect(within(menu).getByRole('menuitem', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('sits in the header, which then leaves out the separate reports icon', () => {
    const configuration = makeConfiguration({ report_embed_url: 'https://reports.test/embed' });
    renderWithProviders(
      <AppHeader
        configuration={configuration}
        user={makeUser({ features: ['view_reports'] })}
        can={everything}
        languages={[]}
        currentLanguage="en"
        onChangeLanguage={vi.fn()}
        onLogout={vi.fn()}
        navigation={<HeaderNav user={makeUser()} can={everything} onOpenSearch={vi.fn()} />}
      />,
    );
    expect(screen.getAllByRole('link', { name: 'Reports', ...hidden })).toHaveLength(1);
  });
});
