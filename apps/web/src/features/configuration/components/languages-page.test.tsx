import { CONFIGURATION_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { LanguagesPage } from './languages-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PATH = CONFIGURATION_PATHS.languages;

describe('LanguagesPage', () => {
  it('lists the offered languages; the default cannot be removed; another is made default and saved', async () => {
    const calls = mockApiCalls({
      [PATH]: { body: { supported_languages: ['en', 'fr', 'ru'], default_language: 'en' } },
      [`PUT ${PATH}`]: (call) => ({ body: call.body }),
    });
    renderWithProviders(<LanguagesPage />);
    const table = await screen.findByTestId('offered-languages');
    expect(within(table).getByText('Français')).toBeTruthy();
    // Russian is not fully translated yet: people are told.
    const russian = table.querySelector('[data-language="ru"]') as HTMLElement;
    expect(within(russian).getByText('Partly in English')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove English' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Make Français the default' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('admin.saved'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      supported_languages: ['fr', 'ru'],
      default_language: 'fr',
    });
  });

  it('adds a language from the catalogue', async () => {
    const calls = mockApiCalls({
      [PATH]: { body: { supported_languages: ['en'], default_language: 'en' } },
      [`PUT ${PATH}`]: (call) => ({ body: call.body }),
    });
    renderWithProviders(<LanguagesPage />);
    const search = await screen.findByRole('combobox', { name: 'Add a language' });
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'Arab' } });
    fireEvent.click(await screen.findByRole('option', { name: /العربية/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(screen.getByTestId('offered-languages')).getByText('العربية')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      supported_languages: ['en', 'ar'],
      default_language: 'en',
    });
  });
});
