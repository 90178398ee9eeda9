import { BATCH_IMPORT_PATHS, DASHBOARD_PATHS, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSupplierType } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { makeImport, mockImportsApi, page } from '../test/import-fixtures';
import { ImportPage } from './import-page';

afterEach(() => vi.unstubAllGlobals());

const IMPORT = BATCH_IMPORT_PATHS.import(7);
const ROWS = BATCH_IMPORT_PATHS.rows(7);
const PERFORM = { can_view_import_pipeline: true, can_perform_batch_import: true };

function renderImport(permissions: Record<string, boolean> = PERFORM) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, permissions);
  return renderRoutes([{ path: '/batch-import/:importId', element: <ImportPage /> }], {
    url: '/batch-import/7',
    queryClient,
  });
}

const row = (row_number: number, problems: { column: number | null; message: string }[] | null = null) => ({
  row_number,
  cells: [`Supplier ${row_number}`, `GB${row_number}`, `s${row_number}@acme.test`],
  problems: problems?.map((p) => ({ ...p, field_tag: null, code: 'invalid' })) ?? null,
  outcome: null,
  target_id: null,
  message: null,
});

describe('an import', () => {
  it("maps the file's columns, showing sample values, and sends the mapping to check the rows", async () => {
    const calls = mockImportsApi({
      [IMPORT]: { body: makeImport({ state: 'parsed', rows_valid: 0, rows_invalid: 0 }) },
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [ROWS]: (call) =>
        call.search.get('problems') === 'only'
          ? { body: page([row(3, [{ column: 2, message: 'Enter a valid e-mail address.' }])], 1) }
          : { body: page([row(1), row(2)], 50) },
      [`PUT ${BATCH_IMPORT_PATHS.mapping(7)}`]: { body: makeImport({ state: 'validated' }) },
    });
    renderImport();
    const table = await screen.findByRole('table', { name: 'Columns of the file' });
    // Each column with its first values.
    expect(await within(table).findByText('s1@acme.test')).toBeTruthy();
    expect(within(table).getByText('GB2')).toBeTruthy();
    // The server's suggestion is filled in; the unmatched column is chosen by hand.
    expect((screen.getByRole('combobox', { name: 'What column Name fills' }) as HTMLInputElement).value).toBe(
      'Name',
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'What column Email fills' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Contact e-mail' }));

    fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      columns: [
        { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'name' } },
        { index: 1, header: 'VAT', target: { kind: 'field', field_tag: 'vat_number' } },
        { index: 2, header: 'Email', target: { kind: 'field', field_tag: 'contact_email' } },
      ],
      mode: 'create',
    });
    // The answer is the checked import: the preview follows.
    expect(
      await screen.findByText('47 rows can be imported; 3 rows have problems and will be skipped.'),
    ).toBeTruthy();
  });

  it("offers a workflow kind's fields and the step new workflows start from", async () => {
    const attribute = (label: string, group: string, source: Record<string, string>) => ({
      path: `x__${label}`,
      label,
      label_key: null,
      group_label: group,
      type: 'char',
      options: null,
      source,
    });
    const calls = mockImportsApi({
      [IMPORT]: {
        body: makeImport({
          state: 'parsed',
          target: 'workflows',
          object_type: null,
          kind: { id: 4, tag: 'onboarding', name: 'Onboarding' },
          suggested_mapping: null,
        }),
      },
      [DASHBOARD_PATHS.fieldsExportJson]: {
        body: page([
          attribute('Supplier name', 'Request', {
            kind: 'field',
            field_tag: 'request.supplier',
            field_type: 'char_field',
          }),
          attribute('Completed at', 'Request', {
            kind: 'step',
            step_tag: 'request',
            attribute: 'completed_at',
          }),
          attribute('Completed at', 'Review', {
            kind: 'step',
            step_tag: 'review',
            attribute: 'completed_at',
          }),
        ]),
      },
      [ROWS]: { body: page([row(1)], 50) },
      [`PUT ${BATCH_IMPORT_PATHS.mapping(7)}`]: { body: makeImport({ state: 'validated' }) },
    });
    renderImport();
    const name = await screen.findByRole('combobox', { name: 'What column Name fills' });
    // The choices come with the kind's fields.
    await waitFor(() => expect(name.hasAttribute('disabled')).toBe(false));
    fireEvent.click(name);
    fireEvent.click(await screen.findByRole('option', { name: 'Supplier name' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'What column VAT fills' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Workflow name' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Start new workflows at' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      columns: [
        { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'request.supplier' } },
        { index: 1, header: 'VAT', target: { kind: 'attribute', attribute: 'name' } },
        { index: 2, header: 'Email', target: null },
      ],
      mode: 'create',
      start_step_tag: 'review',
    });
  });

  it('updates workflows found by their ID: the mode and key are sent, and no start step is offered', async () => {
    const calls = mockImportsApi({
      [IMPORT]: {
        body: makeImport({
          state: 'parsed',
          target: 'workflows',
          object_type: null,
          kind: { id: 4, tag: 'onboarding', name: 'Onboarding' },
          headers: ['ID', 'Notes', 'Region'],
          suggested_mapping: [
            { index: 0, header: 'ID', target: { kind: 'attribute', attribute: 'id' } },
            { index: 1, header: 'Notes', target: null },
            { index: 2, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
          ],
        }),
      },
      [DASHBOARD_PATHS.fieldsExportJson]: { body: page([]) },
      [ROWS]: { body: page([], 0) },
      [`PUT ${BATCH_IMPORT_PATHS.mapping(7)}`]: { body: makeImport({ state: 'validated' }) },
    });
    renderImport();
    await screen.findByRole('table', { name: 'Columns of the file' });
    expect(screen.getByRole('combobox', { name: 'Start new workflows at' })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Rows' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Update existing items' }));
    // Nothing is created, so there is no step to start from; the key must be chosen first.
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Start new workflows at' })).toBeNull(),
    );
    const check = screen.getByRole('button', { name: 'Check rows' });
    expect(check.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: /Find existing items by/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ID' }));
    await waitFor(() => expect(check.hasAttribute('disabled')).toBe(false));
    fireEvent.click(check);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      columns: [
        { index: 0, header: 'ID', target: { kind: 'attribute', attribute: 'id' } },
        { index: 1, header: 'Notes', target: null },
        { index: 2, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
      ],
      mode: 'update',
      key_name: 'id',
    });
  });

  it('lists the rows with problems by their row number in the file, each with its messages', async () => {
    const calls = mockImportsApi({
      [IMPORT]: { body: makeImport({ state: 'validated', mapping: makeImport().suggested_mapping }) },
      [ROWS]: (call) =>
        call.search.get('problems') === 'only'
          ? {
              body: page(
                [
                  row(3, [{ column: 2, message: 'Enter a valid e-mail address.' }]),
                  row(17, [{ column: 0, message: 'This field is required.' }]),
                  row(50, [
                    { column: 1, message: 'The VAT number GB9 appears twice in the file (rows 12 and 50).' },
                  ]),
                ],
                3,
              ),
            }
          : { body: page([row(1), row(2)], 50) },
    });
    renderImport();
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['3', '17', '50']);
    expect(within(rows[0] as HTMLElement).getByText(/Enter a valid e-mail address\./)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(/Email/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/This field is required\./)).toBeTruthy();
    expect(calls.find((c) => c.path === ROWS)?.search.get('problems')).toBe('only');

    // Off the filter, every row is asked for.
    fireEvent.click(screen.getByRole('switch', { name: 'Only rows with problems' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByText('No problems'),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Import 47 rows' })).toBeTruthy();
  });

  it('starts the run and shows its progress, asking again until it finishes', async () => {
    let state: 'validated' | 'running' | 'finished' = 'validated';
    let polls = 0;
    const calls = mockImportsApi({
      [IMPORT]: () => {
        if (state === 'running') {
          polls += 1;
          if (polls > 1) state = 'finished';
          return { body: makeImport({ state: 'running', rows_done: 20, progress: 0.4 }) };
        }
        return {
          body: makeImport({ state, rows_done: state === 'finished' ? 50 : 0, created: 47, failed: 3 }),
        };
      },
      [ROWS]: { body: page([], 0) },
      [`POST ${BATCH_IMPORT_PATHS.run(7)}`]: () => {
        state = 'running';
        return { status: 202, body: makeImport({ state: 'running', rows_done: 20, progress: 0.4 }) };
      },
    });
    renderImport();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 47 rows' }));
    expect(await screen.findByText('20 of 50 rows imported (40%)')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: '20 of 50 rows imported (40%)' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(calls.some((c) => c.method === 'POST' && c.path === BATCH_IMPORT_PATHS.run(7))).toBe(true);
    // Polled every second until done.
    expect(await screen.findByRole('heading', { name: 'Import finished' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('47')).toBeTruthy();
  });

  it("shows the server's refusal of an undo, naming the rows changed since", async () => {
    const detail = 'This import cannot be undone: 1 of its rows was changed since (row 12).';
    mockImportsApi({
      [IMPORT]: {
        body: makeImport({
          state: 'finished',
          rows_done: 50,
          created: 47,
          failed: 3,
          can_undo: true,
          results_available: true,
        }),
      },
      [`POST ${BATCH_IMPORT_PATHS.undo(7)}`]: {
        status: 400,
        body: { detail, code: 'import_changed_since', rows: [12] },
      },
    });
    renderImport();
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download results' }).getAttribute('href')).toBe(
      '/api/v1/batch-imports/7/results/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(detail);
  });

  it('lists the rows a finished import did not write, by number, with their reasons', async () => {
    const calls = mockImportsApi({
      [IMPORT]: { body: makeImport({ state: 'finished', rows_done: 50, created: 48, failed: 2 }) },
      [ROWS]: (call) =>
        call.search.get('outcome') === 'failed'
          ? {
              body: page(
                [
                  { ...row(3, [{ column: 2, message: 'Enter a valid email address.' }]), outcome: 'failed' },
                  {
                    ...row(17),
                    outcome: 'failed',
                    message: 'A record with this VAT number already exists.',
                  },
                ],
                2,
              ),
            }
          : { body: page([], 0) },
    });
    renderImport();
    expect(await screen.findByRole('heading', { name: '2 rows not imported' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Rows not imported' });
    await within(table).findByText('Enter a valid email address.');
    expect(within(table).getByText('A record with this VAT number already exists.')).toBeTruthy();
    expect(within(table).getByText('17')).toBeTruthy();
    expect(calls.some((c) => c.path === ROWS && c.search.get('outcome') === 'failed')).toBe(true);
  });

  it('offers no mapping, run or undo to someone who may only view the pipeline', async () => {
    mockImportsApi({
      [IMPORT]: { body: makeImport({ state: 'finished', can_undo: true }) },
    });
    renderImport({ can_view_import_pipeline: true });
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo import' })).toBeNull();
  });
});
