import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { renderWithProviders } from '../test/render';
import { pageRange, TableOverview, totalPages } from './table-overview';

const overview = () => document.querySelector('[data-table-overview-text]')?.textContent;

describe('TableOverview (spec 2 §2.9: "Showing {start}-{end} out of {total} items", Prev and Next)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('works out the rows of a page', () => {
    expect(pageRange(1, 20, 53)).toEqual({ start: 1, end: 20 });
    expect(pageRange(3, 20, 53)).toEqual({ start: 41, end: 53 });
    expect(pageRange(1, 20, 0)).toEqual({ start: 0, end: 0 });
    // A roughly counted list says how many rows the page holds.
    expect(pageRange(1, 20, 48_210, 2)).toEqual({ start: 1, end: 2 });
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(53, 20)).toBe(3);
  });

  it('says which rows show out of how many', () => {
    renderWithProviders(<TableOverview page={2} pageSize={20} total={53} onPage={() => {}} />);
    expect(overview()).toBe('Showing 21-40 out of 53 items');
  });

  it('shows nothing under an empty list, which says so itself', () => {
    const { container } = renderWithProviders(<TableOverview page={1} total={0} onPage={() => {}} />);
    expect(container.querySelector('[data-table-overview]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('has forms for one item and a last page of one row', () => {
    renderWithProviders(<TableOverview page={1} total={1} onPage={() => {}} />);
    expect(overview()).toBe('Showing 1 out of 1 item');
    cleanup();
    renderWithProviders(<TableOverview page={3} pageSize={20} total={41} onPage={() => {}} />);
    expect(overview()).toBe('Showing 41 out of 41 items');
  });

  it('says "about" when the list counted roughly, and groups digits', () => {
    renderWithProviders(<TableOverview page={1} pageSize={20} total={12500} estimate onPage={() => {}} />);
    expect(overview()).toBe('Showing 1-20 out of about 12,500 items');
  });

  it('waits for the total before saying anything', () => {
    renderWithProviders(<TableOverview page={1} total={undefined} onPage={() => {}} />);
    expect(overview()).toBeUndefined();
  });

  it('pages with Prev and Next and the page numbers', () => {
    const onPage = vi.fn();
    renderWithProviders(<TableOverview page={2} pageSize={20} total={100} onPage={onPage} />);
    const previous = screen.getByRole('button', { name: 'Prev' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous.textContent).toBe('Prev');
    expect(next.textContent).toBe('Next');
    fireEvent.click(previous);
    expect(onPage).toHaveBeenLastCalledWith(1);
    fireEvent.click(next);
    expect(onPage).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    expect(onPage).toHaveBeenLastCalledWith(5);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('disables Prev on the first page and Next on the last', () => {
    renderWithProviders(<TableOverview page={1} total={30} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    cleanup();
    renderWithProviders(<TableOverview page={2} total={30} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('can leave out the pager of a single page', () => {
    renderWithProviders(<TableOverview page={1} total={5} hideSinglePage onPage={() => {}} />);
    expect(overview()).toBe('Showing 1-5 out of 5 items');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('speaks each language, with its plural forms', async () => {
    i18n.addResourceBundle('fr', 'translation', fr);
    i18n.addResourceBundle('ar', 'translation', ar);
    await i18n.changeLanguage('fr');
    renderWithProviders(<TableOverview page={1} pageSize={20} total={53} onPage={() => {}} />);
    expect(overview()).toBe('Affichage de 1-20 sur 53 éléments');
    expect(screen.getByRole('button', { name: 'Suiv.' }).textContent).toBe('Suiv.');
    cleanup();
    await i18n.changeLanguage('ar');
    renderWithProviders(<TableOverview page={1} pageSize={20} total={2} onPage={() => {}} />);
    expect(overview()).toContain('عنصرين');
    cleanup();
    renderWithProviders(<TableOverview page={1} pageSize={20} total={5} onPage={() => {}} />);
    expect(overview()).toContain('عناصر');
  });
});
