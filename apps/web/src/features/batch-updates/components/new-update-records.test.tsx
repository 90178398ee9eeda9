import { ADMIN_PATHS, BATCH_UPDATE_PATHS, DASHBOARD_PATHS, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSupplierType } from '../../../test/record-fixtures';
import { renderRoutes } from '../../../test/render';
import { makeUpdate, mockBatchApi, page, REGIONS } from '../test/batch-update-fixtures';
import { UpdatePage } from './update-page';

afterEach(() => vi.unstubAllGlobals());

const QUERY = 'ordering=-created_at&q=acme&region__in=3';

function renderNew(url: string) {
  return renderRoutes(
    [
      { path: '/batch-update/:updateId', element: <UpdatePage /> },
      { path: '/records/:objectType', element: <p>records list</p> },
    ],
    { url },
  );
}

const recordsUrl = `/batch-update/new?target=records&object_type=supplier&query=${encodeURIComponent(QUERY)}`;

function chooseFile(content: string, name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

describe('a new batch update of records', () => {
  it("counts the records list's selection, offers the type's fields and sends the type with the change", async () => {
    const calls = mockBatchApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.records('supplier')]: { body: page([], 3) },
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [`POST ${BATCH_UPDATE_PATHS.updates}`]: {
        status: 201,
        body: makeUpdate({ state: 'selecting', target: 'records' }),
      },
      [BATCH_UPDATE_PATHS.update(12)]: { body: makeUpdate({ state: 'selecting', target: 'records' }) },
    });
    const { router } = renderNew(recordsUrl);
    expect(await screen.findByText('Selected: 3 records')).toBeTruthy();
    const count = calls.find((c) => c.path === RECORD_PATHS.records('supplier'));
    expect(count?.search.get('q')).toBe('acme');
    expect(count?.search.get('region__in')).toBe('3');
    // No workflow list is asked; the filters are changed on the records list.
    expect(calls.some((c) => c.path === DASHBOARD_PATHS.workflows)).toBe(false);
    expect(screen.getByRole('link', { name: 'Change the filters' }).getAttribute('href')).toBe(
      '/records/supplier?q=acme&region=3',
    );
    // The type has a region but no business unit.
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Business unit' })).toBeNull();

    const addAnswer = screen.getByRole('button', { name: 'Change an answer' });
    await waitFor(() => expect(addAnswer).toSatisfy((el: HTMLButtonElement) => !el.disabled));
    fireEvent.click(addAnswer);
    fireEvent.click(screen.getByRole('combobox', { name: 'Field 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tier (Supplier)' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'New value 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/12'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      target: 'records',
      object_type: 'supplier',
      selection: { query: QUERY },
      changes: { answers: { tier: 'gold' } },
    });
  });

  it('selects by an uploaded file of ids instead of the filters, and shows a file the server refuses', async () => {
    let uploads = 0;
    const calls = mockBatchApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.records('supplier')]: { body: page([], 3) },
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [`POST ${BATCH_UPDATE_PATHS.idsFile}`]: () => {
        uploads += 1;
        return uploads === 1
          ? {
              status: 400,
              body: {
                code: 'batch_update_ids_file_invalid',
                detail: 'Line 3 of the file is not an id. The file holds one id per line, and nothing else.',
              },
            }
          : { status: 201, body: { ids_file: 't1-ids/ab/key', count: 2 } };
      },
      [`POST ${BATCH_UPDATE_PATHS.updates}`]: {
        status: 201,
        body: makeUpdate({ state: 'selecting', target: 'records' }),
      },
      [BATCH_UPDATE_PATHS.update(12)]: { body: makeUpdate({ state: 'selecting', target: 'records' }) },
    });
    const { router } = renderNew(recordsUrl);
    expect(await screen.findByText('Selected: 3 records')).toBeTruthy();

    chooseFile('id\n1\nabc\n', 'bad.csv');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Line 3 of the file is not an id. The file holds one id per line, and nothing else.',
    );
    chooseFile('id\n41\n42\n', 'suppliers.csv');
    expect(await screen.findByText('2 ids from suppliers.csv')).toBeTruthy();
    expect(screen.getByText('Selected: 2 ids from a file')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const upload = calls.filter((c) => c.path === BATCH_UPDATE_PATHS.idsFile);
    expect(upload).toHaveLength(2);

    fireEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Asia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/12'));
    expect(calls.find((c) => c.path === BATCH_UPDATE_PATHS.updates && c.method === 'POST')?.body).toEqual({
      target: 'records',
      object_type: 'supplier',
      selection: { ids_file: 't1-ids/ab/key' },
      changes: { region_id: 4 },
    });
  });

  it('goes back to the filters when the file is removed', async () => {
    mockBatchApi({
      [DASHBOARD_PATHS.workflows]: { body: { ...page([], 200), count_is_estimate: false } },
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [`POST ${BATCH_UPDATE_PATHS.idsFile}`]: { status: 201, body: { ids_file: 't1-ids/ab/key', count: 5 } },
    });
    renderNew(`/batch-update/new?target=workflows&query=${encodeURIComponent('region__in=3')}`);
    expect(await screen.findByText('Selected: 200 workflows')).toBeTruthy();
    chooseFile('5\n6\n7\n8\n9\n', 'checks.txt');
    expect(await screen.findByText('Selected: 5 ids from a file')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the filters instead' }));
    expect(await screen.findByText('Selected: 200 workflows')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeTruthy();
  });
});
