import { ADMIN_PATHS, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListItem, makeSupplierType, mockRecordsApi } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { RecordsListPage } from './records-list-page';

afterEach(() => vi.unstubAllGlobals());

// count_is_estimate: the records page carries it since fe6c72b; the page reads the count itself.
const page = (results: unknown[], count = results.length) => ({
  results,
  count,
  next: null,
  previous: null,
  count_is_estimate: false,
});

function renderList(
  url = '/records/supplier',
  permissions: Record<string, boolean> = { can_view_records: true },
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, permissions);
  return renderRoutes(
    [
      { path: '/records/:objectType', element: <RecordsListPage /> },
      { path: '/records/:objectType/:objectId', element: <p>record page</p> },
      { path: '/batch-update/new', element: <p>new batch update</p> },
    ],
    { url, queryClient },
  );
}

describe('the records list', () => {
  it("shows the type's records with its list columns, each title a link to its page, and the count", async () => {
    const calls = mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.records('supplier')]: { body: page([makeListItem()], 1) },
      [ADMIN_PATHS.regions]: { body: page([{ id: 1, name: 'Europe' }]) },
    });
    const { router } = renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Supplier' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Supplier records' });
    // The title, the list columns (the required fields after the title), the region, the date.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Title', 'VAT number', 'Region', 'Last changed']);
    expect(within(table).getByText('GB1')).toBeTruthy();
    expect(within(table).getByText('Europe')).toBeTruthy();
    expect(screen.getByText('Records: 1')).toBeTruthy();
    const list = calls.find((c) => c.path === RECORD_PATHS.records('supplier'));
    expect(list?.search.get('ordering')).toBe('-created_at');
    expect(list?.search.get('limit')).toBe('20');

    fireEvent.click(within(table).getByRole('link', { name: 'Acme Ltd' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/records/supplier/42'));
  });

  it('asks the server for the title search, the region and the ordering, and keeps them in the URL', async () => {
    const calls = mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.records('supplier')]: { body: page([makeListItem()], 1) },
      [ADMIN_PATHS.regions]: { body: page([{ id: 1, name: 'Europe' }]) },
    });
    const { router } = renderList('/records/supplier?region=1');
    await screen.findByRole('table');
    expect(calls.find((c) => c.path === RECORD_PATHS.records('supplier'))?.search.get('region__in')).toBe(
      '1',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Search titles' }), { target: { value: 'acme' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=acme'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === RECORD_PATHS.records('supplier') && c.search.get('q') === 'acme'),
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(router.state.location.search).toContain('ordering=title'));
    expect(screen.getByRole('columnheader', { name: 'Title' })).toSatisfy(
      (el: Element) => el.getAttribute('aria-sort') === 'ascending',
    );
  });

  it('moves a page past the end to the last page', async () => {
    mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType({ has_region: false }) },
      [RECORD_PATHS.records('supplier')]: (call) =>
        call.search.get('offset') === '20' ? { body: page([makeListItem()], 21) } : { body: page([], 21) },
    });
    const { router } = renderList('/records/supplier?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('link', { name: 'Acme Ltd' })).toBeTruthy();
  });

  it('reads a count the server says is an estimate as "about"', async () => {
    mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType({ has_region: false }) },
      [RECORD_PATHS.records('supplier')]: {
        body: { ...page([makeListItem()], 25_000), count_is_estimate: true },
      },
    });
    renderList();
    expect(await screen.findByText('Records: about 25,000')).toBeTruthy();
    // Without places on the type there is no region filter or column.
    expect(screen.queryByRole('textbox', { name: 'Region' })).toBeNull();
  });

  it('offers "New record" only with can_add_record', async () => {
    const replies = {
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType({ has_region: false }) },
      [RECORD_PATHS.records('supplier')]: { body: page([makeListItem()]) },
    };
    mockRecordsApi(replies);
    const first = renderList();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'New record' })).toBeNull();
    first.result.unmount();

    renderList('/records/supplier', { can_view_records: true, can_add_record: true });
    expect(await screen.findByRole('button', { name: 'New record' })).toBeTruthy();
  });

  it("offers a batch update of the listed records, with the list's filters, only with can_perform_batch_import", async () => {
    const replies = {
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.records('supplier')]: { body: page([makeListItem()], 3) },
      [ADMIN_PATHS.regions]: { body: page([{ id: 1, name: 'Europe' }]) },
    };
    mockRecordsApi(replies);
    const first = renderList('/records/supplier?region=1&q=acme&page=1');
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: /Batch update/ })).toBeNull();
    first.result.unmount();

    const { router } = renderList('/records/supplier?region=1&q=acme', {
      can_view_records: true,
      can_perform_batch_import: true,
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Batch update 3 records' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/new'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('target')).toBe('records');
    expect(search.get('object_type')).toBe('supplier');
    // The server's own list query, without paging: what the list shows is what changes.
    expect(Object.fromEntries(new URLSearchParams(search.get('query') ?? ''))).toEqual({
      ordering: '-created_at',
      q: 'acme',
      region__in: '1',
    });
  });

  it('creates a record, showing a field the server refuses under that field', async () => {
    let attempts = 0;
    const calls = mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType({ has_region: false }) },
      [RECORD_PATHS.records('supplier')]: { body: page([]) },
      [`POST ${RECORD_PATHS.records('supplier')}`]: () => {
        attempts += 1;
        return {
          status: 400,
          body: {
            detail: 'A supplier with this VAT number already exists (record 9).',
            code: 'duplicate_key',
            errors: { vat_number: ['A supplier with this VAT number already exists (record 9).'] },
          },
        };
      },
    });
    renderList('/records/supplier', { can_view_records: true, can_add_record: true });
    expect(await screen.findByText('No records yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New record' }));
    const dialog = await screen.findByRole('dialog', { name: 'New record: Supplier' });

    // The engine's own check first: nothing is sent while a required value is missing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create record' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    expect(attempts).toBe(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Acme Ltd' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'VAT number' }), {
      target: { value: 'GB1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create record' }));
    await waitFor(() => expect(attempts).toBe(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const vat = within(dialog).getByRole('textbox', { name: 'VAT number' });
    await waitFor(() => expect(vat).toSatisfy((el: Element) => el.getAttribute('aria-invalid') === 'true'));
    expect(
      within(dialog).getAllByText('A supplier with this VAT number already exists (record 9).').length,
    ).toBeGreaterThan(0);
  });

  it('says so when the type does not exist or is not visible', async () => {
    mockRecordsApi({});
    renderList('/records/nothing');
    expect(
      await screen.findByRole('heading', { name: 'This record type does not exist, or you cannot see it.' }),
    ).toBeTruthy();
  });
});
