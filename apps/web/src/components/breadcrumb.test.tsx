import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders } from '../test/render';
import { fakeTextWidths } from '../test/text-widths';
import { BREADCRUMB_ITEM_MAX_WIDTH, Breadcrumb, type BreadcrumbItem } from './breadcrumb';

const trail = (n: number): BreadcrumbItem[] =>
  Array.from({ length: n }, (_, i) => ({ label: `Level ${i + 1}`, href: `/level/${i + 1}` }));

describe('Breadcrumb (spec 2 §2.9)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = fakeTextWidths(100, 10);
  });
  afterEach(() => restore());

  it('is hidden with fewer than 2 items', () => {
    const { container } = renderWithProviders(<Breadcrumb items={trail(1)} />);
    expect(container.querySelector('nav')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('is a named nav list whose last item is the current page', () => {
    renderWithProviders(<Breadcrumb items={trail(2)} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const link = within(nav).getByRole('link', { name: 'Level 1' });
    expect(link.getAttribute('href')).toBe('/level/1');
    const current = within(nav).getByText('Level 2');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Level 2' })).toBeNull();
    expect(within(nav).getAllByRole('listitem').length).toBeGreaterThanOrEqual(2);
  });

  it('lets user text take its own direction on the cut item, so an Arabic trail cuts a Latin name at its end', () => {
    renderWithProviders(
      <Breadcrumb
        items={[{ label: 'Ironbridge Facility Services', href: '/p', userText: true }, { label: 'Scope' }]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Ironbridge Facility Services' }).getAttribute('dir')).toBe(
      'auto',
    );
    expect(screen.getByText('Scope').getAttribute('dir')).toBeNull();
  });

  it('caps each item at 180 px and shows a cut label whole in a tooltip', async () => {
    const long = 'Supplier onboarding for Orbital Systems';
    renderWithProviders(<Breadcrumb items={[{ label: long, href: '/p' }, { label: 'Step' }]} />);
    const link = screen.getByRole('link', { name: long });
    expect(BREADCRUMB_ITEM_MAX_WIDTH).toBe(180);
    expect(link.style.maxWidth).toContain(`${180 / 16}rem`);
    expect(link.getAttribute('data-truncate')).toBe('end');
    fireEvent.mouseEnter(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });

  it('shows no tooltip for a label that fits', async () => {
    renderWithProviders(<Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Now' }]} />);
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Home' }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('collapses the middle of a long trail into "…" with a tooltip and a menu of the hidden items', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Breadcrumb items={trail(6)} /> }]);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    // First, "…", then the last two.
    expect(within(nav).getByRole('link', { name: 'Level 1' })).toBeTruthy();
    for (const hidden of ['Level 2', 'Level 3', 'Level 4'])
      expect(within(nav).queryByText(hidden)).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Level 5' })).toBeTruthy();
    const more = within(nav).getByRole('button', { name: 'Show 3 hidden items' });
    expect(more.textContent).toBe('…');
    fireEvent.mouseEnter(more);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Level 2 › Level 3 › Level 4');
    fireEvent.click(more);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Level 2', 'Level 3', 'Level 4']);
    fireEvent.click(items[1] as HTMLElement);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/level/3'));
  });

  it('keeps up to maxItems items uncollapsed', () => {
    renderWithProviders(<Breadcrumb items={trail(4)} />);
    expect(screen.queryByRole('button', { name: /hidden/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('opens external links in a new tab and runs an item’s onClick', () => {
    const onClick = vi.fn();
    renderWithProviders(
      <Breadcrumb
        items={[
          { label: 'Docs', href: 'https://example.com', isExternalLink: true },
          { label: 'Back', onClick },
          { label: 'Here' },
        ]}
      />,
    );
    const external = screen.getByRole('link', { name: 'Docs' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClick).toHaveBeenCalled();
  });
});
