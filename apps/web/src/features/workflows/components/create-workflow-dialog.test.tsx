import { type CreatableKind, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { NewWorkflowButton } from './new-workflow-button';

afterEach(() => vi.unstubAllGlobals());

const page = <T,>(results: T[]) => ({ results, count: results.length, next: null, previous: null });

const EUROPE = {
  id: 1,
  name: 'Europe',
  without_business_unit: true,
  business_units: [{ id: 4, name: 'Procurement EU' }],
};
const NORTH_AMERICA = {
  id: 2,
  name: 'North America',
  without_business_unit: true,
  business_units: [{ id: 5, name: 'Procurement US' }],
};

const kind = (overrides: Partial<CreatableKind> = {}): CreatableKind => ({
  id: 2,
  name: 'Supplier Onboarding',
  tag: 'supplier_onboarding',
  icon: null,
  regions: [EUROPE, NORTH_AMERICA],
  ...overrides,
});

// The server's answer of what the person may create; every other call is a 404 except the create.
function mockCreateApi(creatable: CreatableKind[]) {
  const posts: unknown[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://acme.localhost');
    if (url.pathname === WORKFLOW_PATHS.creatableKinds) return jsonResponse({ body: page(creatable) });
    if (url.pathname === WORKFLOW_PATHS.workflows && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return jsonResponse({ status: 201, body: makeWorkflowDetail({ overrides: { id: 42 } }) });
    }
    return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posts, fetchMock };
}

function renderButton() {
  return renderRoutes(
    [
      { path: '/workflows/instances', element: <NewWorkflowButton /> },
      { path: '/process/:id', element: <p>process page</p> },
    ],
    { url: '/workflows/instances' },
  );
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'New workflow' }));
  return screen.findByRole('dialog');
}

async function choose(label: RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const combobox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('combobox', { name }) as HTMLInputElement;

// The options a select offers, read by opening it; the caller picks one, which closes it.
async function optionsOf(dialog: HTMLElement, name: RegExp) {
  const input = combobox(dialog, name);
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the options did not open');
    return list;
  });
  return within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

describe('new-workflow button and create dialog', () => {
  it('creates a workflow and opens it with new=true; a new region clears the business unit', async () => {
    const { posts } = mockCreateApi([kind(), kind({ id: 3, name: 'Risk Assessment', regions: [EUROPE] })]);
    const { router } = renderButton();
    const dialog = await openDialog();
    await waitFor(() => expect(combobox(dialog, /Workflow type/).disabled).toBe(false));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    expect(await within(dialog).findByText('Choose a workflow type.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a name.')).toBeTruthy();
    expect(posts).toEqual([]);

    await choose(/Workflow type/, 'Supplier Onboarding');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' Northwind ' } });
    await choose(/^Region/, 'North America');
    await choose(/Business unit/, 'Procurement US');
    await choose(/^Region/, 'Europe');
    expect(combobox(dialog, /Business unit/).value).toBe('');
    expect(await optionsOf(dialog, /Business unit/)).toEqual(['Procurement EU']);
    fireEvent.click(screen.getByRole('option', { name: 'Procurement EU' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/42'));
    expect(router.state.location.search).toBe('?new=true');
    expect(posts).toEqual([
      { kind_id: 2, name: 'Northwind', region_id: 1, business_unit_id: 4, parent_id: null },
    ]);
  });

  it('is not shown to a person who may create nothing (a supplier)', async () => {
    const { fetchMock } = mockCreateApi([]);
    renderButton();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the answer land before asserting the button stays away.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'New workflow' })).toBeNull();
  });

  it('offers an analyst only the kinds and regions they may create in, a single choice made for them', async () => {
    const { posts } = mockCreateApi([kind({ regions: [EUROPE] })]);
    renderButton();
    const dialog = await openDialog();
    await waitFor(() => expect(combobox(dialog, /Workflow type/).value).toBe('Supplier Onboarding'));
    expect(combobox(dialog, /^Region/).value).toBe('Europe');
    expect(await optionsOf(dialog, /^Region/)).toEqual(['Europe']);
    fireEvent.click(screen.getByRole('option', { name: 'Europe' }));
    expect(combobox(dialog, /^Region/).value).toBe('Europe');
    // The business unit stays optional with full access to the region.
    expect(combobox(dialog, /Business unit/).value).toBe('');

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Globex' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { kind_id: 2, name: 'Globex', region_id: 1, business_unit_id: null, parent_id: null },
      ]),
    );
  });

  it('asks for a business unit where only business units of the region are allowed', async () => {
    const asia = {
      id: 7,
      name: 'Asia',
      without_business_unit: false,
      business_units: [
        { id: 8, name: 'Operations APAC' },
        { id: 9, name: 'Legal APAC' },
      ],
    };
    const { posts } = mockCreateApi([kind({ regions: [asia] })]);
    renderButton();
    const dialog = await openDialog();
    await waitFor(() => expect(combobox(dialog, /^Region/).value).toBe('Asia'));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Tokyo vendor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    expect(await within(dialog).findByText('Choose a business unit.')).toBeTruthy();
    expect(posts).toEqual([]);
    await choose(/Business unit/, 'Legal APAC');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { kind_id: 2, name: 'Tokyo vendor', region_id: 7, business_unit_id: 9, parent_id: null },
      ]),
    );
  });
});
