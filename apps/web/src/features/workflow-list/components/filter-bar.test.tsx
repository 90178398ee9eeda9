import { ADMIN_PATHS, defaultListState } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { KINDS } from '../test/list-fixture';
import { FilterBar } from './filter-bar';

afterEach(() => vi.unstubAllGlobals());

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

// The server answers the places the person may see on regions/ and business-units/ (the analyst:
// Europe and North America), and all of the tenant's only on the administrators' lists.
function mockPlaces() {
  const unitQueries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://acme.localhost');
      if (url.pathname === ADMIN_PATHS.regions) {
        return jsonResponse({
          body: page([
            { id: 1, name: 'Europe' },
            { id: 2, name: 'North America' },
          ]),
        });
      }
      if (url.pathname === ADMIN_PATHS.allRegions) {
        return jsonResponse({
          body: page([
            { id: 3, name: 'Asia Pacific' },
            { id: 1, name: 'Europe' },
            { id: 2, name: 'North America' },
          ]),
        });
      }
      if (url.pathname === ADMIN_PATHS.businessUnits) {
        unitQueries.push(url.searchParams.get('region__in') ?? '');
        return jsonResponse({ body: page([{ id: 4, name: 'Procurement EU', region_id: 1 }]) });
      }
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return unitQueries;
}

async function optionsOf(name: string) {
  const input = screen.getByRole('combobox', { name }) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list || within(list).queryAllByRole('option').length === 0) throw new Error('no options yet');
    return list;
  });
  return within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

describe('the dashboard filter bar', () => {
  it('offers only the regions the person may see, and the business units of the chosen ones', async () => {
    const unitQueries = mockPlaces();
    const dispatch = vi.fn();
    renderWithProviders(
      <FilterBar
        list={{ ...defaultListState(), region__in: [1] }}
        kinds={KINDS}
        dispatch={dispatch}
        filtered
      />,
    );
    expect(await optionsOf('Region')).toEqual(['Europe', 'North America']);
    expect(await optionsOf('Business unit')).toEqual(['Procurement EU']);
    expect(unitQueries).toEqual(['1']);
  });

  it("says the tenant's own words while no region or business unit is chosen (issue 19)", async () => {
    mockPlaces();
    const placeholders = { Region: 'All territories', Business: 'Every division' };
    const { unmount } = renderWithProviders(
      <FilterBar
        list={defaultListState()}
        kinds={KINDS}
        dispatch={vi.fn()}
        filtered={false}
        placeholders={placeholders}
      />,
    );
    expect(await screen.findByPlaceholderText('All territories')).toBeTruthy();
    unmount();
    renderWithProviders(
      <FilterBar
        list={{ ...defaultListState(), region__in: [1] }}
        kinds={KINDS}
        dispatch={vi.fn()}
        filtered
        placeholders={placeholders}
      />,
    );
    expect(await screen.findByPlaceholderText('Every division')).toBeTruthy();
  });
});
