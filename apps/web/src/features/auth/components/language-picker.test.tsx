import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LanguagePicker } from './language-picker';

const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'ar', label: 'العربية' },
];

describe('LanguagePicker (sign-in pages)', () => {
  it('offers each language by its own name, the current one chosen, and reports a new choice', () => {
    const onChange = vi.fn();
    renderWithProviders(<LanguagePicker languages={LANGUAGES} current="es" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Choose language' }) as HTMLSelectElement;
    expect(select.value).toBe('es');
    expect(screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['العربية', 'ar'],
    ]);
    fireEvent.change(select, { target: { value: 'ar' } });
    expect(onChange).toHaveBeenCalledWith('ar');
  });

  it('is not shown when there is nothing to choose', () => {
    renderWithProviders(<LanguagePicker languages={LANGUAGES.slice(0, 1)} current="en" onChange={vi.fn()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
