import { BATCH_IMPORT_PATHS, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSupplierType } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { makeImport, mockImportsApi, page } from '../test/import-fixtures';
import { ImportPage } from './import-page';

afterEach(() => vi.unstubAllGlobals());

const IMPORT = BATCH_IMPORT_PATHS.import(7);
const PERFORM = { can_view_import_pipeline: true, can_perform_batch_import: true };

// Kept by header and in another order than this file's columns: it still fits.
const monthly = {
  id: 4,
  name: 'Monthly suppliers',
  target: 'records',
  object_type_id: 3,
  kind_id: null,
  columns: [
    { header: 'email', target: { kind: 'field', field_tag: 'contact_email' } },
    { header: 'Name', target: { kind: 'field', field_tag: 'name' } },
  ],
  created_by: { id: 2, name: 'Ada Admin', email: 'ada@acme.test' },
  created_at: '2026-11-20T10:00:00.000Z',
};

function renderImport() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, PERFORM);
  return renderRoutes([{ path: '/batch-import/:importId', element: <ImportPage /> }], {
    url: '/batch-import/7',
    queryClient,
  });
}

const fills = (column: string) =>
  (screen.getByRole('combobox', { name: `What column ${column} fills` }) as HTMLInputElement).value;

describe('the map step: saved mappings', () => {
  it('a saved mapping of the type fills the column choices by header, and the mapping is saved under a name', async () => {
    const calls = mockImportsApi({
      [IMPORT]: { body: makeImport({ state: 'parsed', rows_valid: 0, rows_invalid: 0 }) },
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [BATCH_IMPORT_PATHS.rows(7)]: { body: page([]) },
      [BATCH_IMPORT_PATHS.mappings]: { body: page([monthly]) },
      [`PUT ${BATCH_IMPORT_PATHS.mapping(7)}`]: { body: makeImport({ state: 'validated' }) },
    });
    renderImport();
    await screen.findByRole('table', { name: 'Columns of the file' });
    // The suggestion first: VAT mapped, Email not.
    await waitFor(() => expect(fills('VAT')).toBe('VAT number'));
    expect(fills('Email')).toBe('');

    fireEvent.click(await screen.findByRole('combobox', { name: 'Use a saved mapping' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Monthly suppliers' }));
    await waitFor(() => expect(fills('Email')).toBe('Contact e-mail'));
    expect(fills('Name')).toBe('Name');
    // The saved mapping names no VAT column: it is skipped.
    expect(fills('VAT')).toBe('');
    const listed = calls.find((c) => c.path === BATCH_IMPORT_PATHS.mappings);
    expect(Object.fromEntries(listed?.search ?? [])).toMatchObject({
      target: 'records',
      object_type: 'supplier',
    });

    fireEvent.change(screen.getByRole('textbox', { name: 'Save this mapping as' }), {
      target: { value: '  Quarterly  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      columns: [
        { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'name' } },
        { index: 1, header: 'VAT', target: null },
        { index: 2, header: 'Email', target: { kind: 'field', field_tag: 'contact_email' } },
      ],
      mode: 'create',
      save_as: 'Quarterly',
    });
  });

  it('deletes the chosen saved mapping', async () => {
    let deleted = false;
    const calls = mockImportsApi({
      [IMPORT]: { body: makeImport({ state: 'parsed', rows_valid: 0, rows_invalid: 0 }) },
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [BATCH_IMPORT_PATHS.rows(7)]: { body: page([]) },
      [BATCH_IMPORT_PATHS.mappings]: () => ({ body: page(deleted ? [] : [monthly]) }),
      [`DELETE ${BATCH_IMPORT_PATHS.savedMapping(4)}`]: () => {
        deleted = true;
        return { status: 204, body: null };
      },
    });
    renderImport();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Use a saved mapping' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Monthly suppliers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this saved mapping' }));
    // Asked first, by the mapping's name; nothing is deleted before the person confirms.
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the saved mapping “Monthly suppliers”?',
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete mapping' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Use a saved mapping' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === BATCH_IMPORT_PATHS.savedMapping(4))).toBe(
      true,
    );
  });
});
