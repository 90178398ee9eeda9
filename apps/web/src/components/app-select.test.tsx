import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import { renderWithProviders } from '../test/render';
import { AppMultiSelect, AppSelect, SELECT_MAX_DROPDOWN_HEIGHT, selectEmptyText } from './app-select';

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: `Person ${i + 1}` }));

// Mantine treats a change to an unfocused field as autofill, not typing.
function type(input: HTMLInputElement, value: string) {
  input.focus();
  fireEvent.change(input, { target: { value } });
}

function open(name: string) {
  const input = screen.getByRole('combobox', { name }) as HTMLInputElement;
  fireEvent.click(input);
  return input;
}

describe('AppSelect: the select states of spec 2 §2.9 and the empty texts of §8', () => {
  it('says which empty text applies: loading, no match for a typed term, or nothing at all', () => {
    const t = i18n.t.bind(i18n);
    expect(selectEmptyText(t, { loading: true, search: 'x' })).toBe('Loading options');
    expect(selectEmptyText(t, { loading: false, search: 'zz' })).toBe(
      'No matches found. Try a different search term.',
    );
    expect(selectEmptyText(t, { loading: false, search: '  ' })).toBe('No items available.');
    expect(SELECT_MAX_DROPDOWN_HEIGHT).toBe(237);
  });

  it('shows "Loading options" and a busy field while the options load', () => {
    renderWithProviders(<AppSelect label="Owner" data={[]} loading searchable />);
    const input = open('Owner');
    expect(input.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading options')).toBeTruthy();
  });

  it('shows "No items available." for an empty list and the search hint for a term that matches nothing', () => {
    const { unmount } = renderWithProviders(<AppSelect label="Owner" data={[]} searchable />);
    open('Owner');
    expect(screen.getByText('No items available.')).toBeTruthy();
    unmount();
    renderWithProviders(<AppSelect label="Owner" data={people(3)} searchable />);
    const input = open('Owner');
    type(input, 'nobody');
    expect(screen.getByText('No matches found. Try a different search term.')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('past 50 options shows the first 50 under "Type to narrow down", and every match once a term is typed', () => {
    renderWithProviders(<AppSelect label="Owner" data={people(120)} searchable />);
    const input = open('Owner');
    expect(screen.getByText('Type to narrow down (50+ options available).')).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(50);
    type(input, 'Person 11');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Person 11',
      'Person 110',
      'Person 111',
      'Person 112',
      'Person 113',
      'Person 114',
      'Person 115',
      'Person 116',
      'Person 117',
      'Person 118',
      'Person 119',
    ]);
    expect(screen.queryByText('Type to narrow down (50+ options available).')).toBeNull();
  });

  it('lists a short list whole, chooses an option, and shows an error or a disabled field as Mantine does', () => {
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(
      <AppSelect label="Owner" data={people(3)} onChange={onChange} error="Choose an owner" />,
    );
    const input = open('Owner');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose an owner')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Person 2' }));
    expect(onChange).toHaveBeenCalledWith('2', expect.objectContaining({ label: 'Person 2' }));
    unmount();
    renderWithProviders(<AppSelect label="Owner" data={people(3)} disabled />);
    expect((screen.getByRole('combobox', { name: 'Owner' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('AppMultiSelect keeps the same states: loading, the narrowing hint and several values', () => {
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(
      <AppMultiSelect label="Reviewers" data={people(60)} searchable value={['1']} onChange={onChange} />,
    );
    const input = screen.getByRole('combobox', { name: 'Reviewers' });
    fireEvent.click(input);
    expect(screen.getByText('Type to narrow down (50+ options available).')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Person 3' }));
    expect(onChange).toHaveBeenCalledWith(['1', '3']);
    unmount();
    renderWithProviders(<AppMultiSelect label="Reviewers" data={[]} loading searchable />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Reviewers' }));
    expect(screen.getByText('Loading options')).toBeTruthy();
  });
});
