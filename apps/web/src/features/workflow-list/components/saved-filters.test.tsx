import { PREFERENCE_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SavedFilterList } from './saved-filters';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const FILTER = {
  id: 9,
  kind: 'saved_filters',
  name: 'Overdue in Europe',
  value: { query: 'region=1' },
  created_at: '2026-11-20T09:00:00.000Z',
};

function mockPreferences() {
  const deletes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      if (init?.method === 'DELETE') {
        deletes.push(path);
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ body: { count: 1, next: null, previous: null, results: [FILTER] } });
    }),
  );
  return deletes;
}

describe('deleting a saved filter', () => {
  it('asks first, naming the filter; Cancel keeps it', async () => {
    const deletes = mockPreferences();
    renderWithProviders(<SavedFilterList current="" onApply={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete saved filter Overdue in Europe' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the saved filter “Overdue in Europe”?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toEqual([]);
  });

  it('once confirmed, deletes it and says so by its name', async () => {
    const deletes = mockPreferences();
    renderWithProviders(<SavedFilterList current="" onApply={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete saved filter Overdue in Europe' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the saved filter “Overdue in Europe”?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete filter' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('dashboard.saved.deleted', {
        values: { name: isolate('Overdue in Europe') },
      }),
    );
    expect(deletes).toEqual([PREFERENCE_PATHS.preference(9)]);
  });
});
