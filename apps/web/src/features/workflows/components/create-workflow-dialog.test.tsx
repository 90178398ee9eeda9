import { ADMIN_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeWorkflowDetail } from '../test/workflow-fixture';
import { NewWorkflowButton } from './new-workflow-button';

afterEach(() => vi.unstubAllGlobals());

const page = <T,>(results: T[]) => ({ results, count: results.length, next: null, previous: null });

const KIND = {
  id: 2,
  name: 'Supplier Onboarding',
  tag: 'supplier_onboarding',
  icon: null,
  features: [],
  is_sorting_field_enabled: false,
  is_related_kind: false,
  available_statuses: [],
  field_tags_for_filter: [],
  current_version: 1,
};

function mockCreateApi() {
  const posts: unknown[] = [];
  const unitQueries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      if (url.pathname === WORKFLOW_PATHS.kinds) return jsonResponse({ body: page([KIND]) });
      if (url.pathname === ADMIN_PATHS.regions) {
        return jsonResponse({
          body: page([
            { id: 1, name: 'Europe' },
            { id: 2, name: 'North America' },
          ]),
        });
      }
      if (url.pathname === ADMIN_PATHS.businessUnits) {
        const region = Number(url.searchParams.get('region__in'));
        unitQueries.push(String(region));
        const units = [
          { id: 4, name: 'Procurement EU', region_id: 1 },
          { id: 5, name: 'Procurement US', region_id: 2 },
        ];
        return jsonResponse({ body: page(units.filter((u) => u.region_id === region)) });
      }
      if (url.pathname === WORKFLOW_PATHS.workflows && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return jsonResponse({ status: 201, body: makeWorkflowDetail({ overrides: { id: 42 } }) });
      }
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return { posts, unitQueries };
}

async function choose(label: RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('create-workflow dialog', () => {
  it('creates a workflow and opens it with new=true; a new region clears the business unit', async () => {
    const { posts, unitQueries } = mockCreateApi();
    const { router } = renderRoutes(
      [
        { path: '/workflows/instances', element: <NewWorkflowButton /> },
        { path: '/process/:id', element: <p>process page</p> },
      ],
      { url: '/workflows/instances' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'New workflow' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('combobox', { name: /Workflow type/ }) as HTMLInputElement).disabled,
      ).toBe(false),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    expect(await within(dialog).findByText('Choose a workflow type.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a name.')).toBeTruthy();
    expect(posts).toEqual([]);

    await choose(/Workflow type/, 'Supplier Onboarding');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), {
      target: { value: ' Northwind ' },
    });
    await choose(/^Region/, 'North America');
    await choose(/Business unit/, 'Procurement US');
    await choose(/^Region/, 'Europe');
    expect((within(dialog).getByRole('combobox', { name: /Business unit/ }) as HTMLInputElement).value).toBe(
      '',
    );
    await choose(/Business unit/, 'Procurement EU');
    expect(unitQueries).toEqual(['2', '1']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/42'));
    expect(router.state.location.search).toBe('?new=true');
    expect(posts).toEqual([
      { kind_id: 2, name: 'Northwind', region_id: 1, business_unit_id: 4, parent_id: null },
    ]);
  });
});
