import { PLACES_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { AccessSettingsPage } from './access-settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page = <T,>(results: T[]) => ({ body: { results, count: results.length, next: null, previous: null } });
const EUROPE = { id: 1, name: 'Europe', archived_at: null, business_unit_count: 2, viewer_count: 3 };
const IN_USE = 'This region is in use and cannot be archived: 1 open workflow, 2 access grants.';

function mockPlaces() {
  return mockApiCalls({
    [PLACES_PATHS.regions]: (call) =>
      page(
        call.search.get('status') === 'archived'
          ? []
          : [EUROPE, { ...EUROPE, id: 2, name: 'Asia', business_unit_count: 0, viewer_count: 0 }],
      ),
    [`POST ${PLACES_PATHS.regions}`]: (call) => {
      const name = (call.body as { name: string }).name;
      return name.toLowerCase() === 'europe'
        ? {
            status: 400,
            body: {
              code: 'place_name_taken',
              detail: 'A region with this name already exists.',
              errors: { name: ['A region with this name already exists.'] },
            },
          }
        : { status: 201, body: { id: 9, name, archived_at: null, business_unit_count: 0, viewer_count: 0 } };
    },
    [PLACES_PATHS.regionUnits(1)]: page([
      { id: 11, name: 'Paris', region_id: 1, archived_at: null, viewer_count: 2 },
    ]),
    [PLACES_PATHS.regionUnits(9)]: page([]),
    [PLACES_PATHS.regionViewers(1)]: page([
      {
        user_id: 5,
        email: 'ana@acme.test',
        first_name: 'Ana',
        last_name: 'Analyst',
        access: 'read',
        via: 'region',
        via_name: 'Europe',
      },
    ]),
    [`POST ${PLACES_PATHS.regionArchive(1)}`]: {
      status: 400,
      body: {
        code: 'place_in_use',
        detail: IN_USE,
        usage: { workflows: 1, records: 0, grants: 2, business_units: 0 },
      },
    },
  });
}

describe('AccessSettingsPage', () => {
  it('lists regions paged by the server with their units and people, and asks for the archived ones', async () => {
    const calls = mockPlaces();
    renderWithProviders(<AccessSettingsPage />);
    const table = await screen.findByTestId('regions-table');
    await within(table).findByText('Europe');
    expect(within(table).getByText('Asia')).toBeTruthy();
    expect(screen.getByText('Showing 1-2 out of 2 items')).toBeTruthy();
    expect(calls.find((c) => c.path === PLACES_PATHS.regions)?.search.get('status')).toBe('active');

    fireEvent.click(screen.getByText('Archived'));
    await screen.findByText('No archived regions.');
    expect(calls.some((c) => c.search.get('status') === 'archived')).toBe(true);
  });

  it("adds a region, showing the server's refusal of a taken name under the field", async () => {
    const calls = mockPlaces();
    renderWithProviders(<AccessSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add region' }));
    const name = await screen.findByLabelText(/Region name/);
    fireEvent.change(name, { target: { value: 'europe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('A region with this name already exists.');

    fireEvent.change(name, { target: { value: ' Oceania ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // The new region opens at once, ready for its business units.
    await screen.findByText('No business units in this region yet.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'europe' },
      { name: 'Oceania' },
    ]);
  });

  it('opens a region: its units, who sees it, and the reason an archive is refused', async () => {
    mockPlaces();
    renderWithProviders(<AccessSettingsPage />);
    fireEvent.click(await screen.findByText('Europe'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Paris');
    fireEvent.click(within(drawer).getByRole('tab', { name: /Who sees it/ }));
    await within(drawer).findByText('ana@acme.test');
    expect(within(drawer).getByText('Region Europe')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Archive region' }));
    await within(drawer).findByText(IN_USE);
    expect(within(drawer).getByText('Still in use')).toBeTruthy();
    await waitFor(() => expect(toast.success).not.toHaveBeenCalled());
  });
});
