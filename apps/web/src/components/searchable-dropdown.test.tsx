import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import {
  DROPDOWN_HEIGHT,
  DROPDOWN_OFFSET,
  DROPDOWN_WIDTH,
  filterDropdownItems,
  SearchableDropdown,
} from './searchable-dropdown';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: `k${i + 1}`, label: `Kind ${i + 1}` }));

function renderDropdown(count: number, onSelect = vi.fn()) {
  renderWithProviders(
    <SearchableDropdown items={items(count)} value="k2" onSelect={onSelect} label="Workflow kinds">
      <Button>Choose a kind</Button>
    </SearchableDropdown>,
  );
  return onSelect;
}
const openIt = () => fireEvent.click(screen.getByRole('button', { name: 'Choose a kind' }));
const options = () => screen.queryAllByRole('option');

describe('SearchableDropdown (spec 2 §2.9, §3.11, §8)', () => {
  it('is 340 by 400, 4 px from its trigger, and matches labels regardless of case and accents', () => {
    expect([DROPDOWN_WIDTH, DROPDOWN_HEIGHT, DROPDOWN_OFFSET]).toEqual([340, 400, 4]);
    const list = [
      { value: '1', label: 'Évaluation fournisseur' },
      { value: '2', label: 'Onboarding' },
    ];
    expect(filterDropdownItems(list, 'evaluation').map((i) => i.value)).toEqual(['1']);
    expect(filterDropdownItems(list, '  ')).toHaveLength(2);
  });

  it('lists up to 15 items plainly, without a search field', () => {
    renderDropdown(15);
    openIt();
    expect(screen.getByRole('listbox', { name: 'Workflow kinds' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull();
    expect(options()).toHaveLength(15);
    expect(screen.getByRole('option', { name: 'Kind 2' }).getAttribute('aria-selected')).toBe('true');
  });

  it('above 15 items shows a search field and a virtualised list (only the rows in view are rendered)', () => {
    renderDropdown(500);
    openIt();
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeTruthy();
    expect(options().length).toBeGreaterThan(0);
    expect(options().length).toBeLessThan(500);
    expect(options()[0]?.getAttribute('aria-setsize')).toBe('500');
  });

  it('filters as one types, says "No results found" when nothing matches, and resets the search on close', () => {
    renderDropdown(40);
    openIt();
    const search = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Kind 3' } });
    expect(options().map((o) => o.textContent)).toEqual([
      'Kind 3',
      'Kind 30',
      'Kind 31',
      'Kind 32',
      'Kind 33',
      'Kind 34',
      'Kind 35',
      'Kind 36',
      'Kind 37',
      'Kind 38',
      'Kind 39',
    ]);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No results found')).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    openIt();
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(options().length).toBeGreaterThan(0);
  });

  it('chooses with the keyboard (arrows and Enter) or a click, and closes', () => {
    const onSelect = renderDropdown(40);
    openIt();
    const search = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Kind 1' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('k10');
    expect(screen.queryByRole('listbox')).toBeNull();
    openIt();
    fireEvent.click(screen.getByRole('option', { name: 'Kind 4' }));
    expect(onSelect).toHaveBeenLastCalledWith('k4');
  });

  it('locks the page scroll behind a transparent overlay while open', () => {
    renderDropdown(5);
    openIt();
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.querySelector('.mantine-Overlay-root')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Kind 1' }));
    expect(document.documentElement.style.overflow).toBe('');
  });
});
