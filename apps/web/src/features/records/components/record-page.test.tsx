import { RECORD_MESSAGES, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRecord, makeSupplierType, mockRecordsApi } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { RecordPage } from './record-page';

afterEach(() => vi.unstubAllGlobals());

const RECORD = RECORD_PATHS.record('supplier', 42);
const everything = {
  can_view_records: true,
  can_change_record: true,
  can_delete_record: true,
};

function renderRecord(url = '/records/supplier/42', permissions: Record<string, boolean> = everything) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, permissions);
  return renderRoutes(
    [
      { path: '/records/:objectType', element: <p>records list</p> },
      { path: '/records/:objectType/:objectId', element: <RecordPage /> },
      { path: '/records/:objectType/:objectId/:objectTab', element: <RecordPage /> },
    ],
    { url, queryClient },
  );
}

const base = {
  [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
  [RECORD]: { body: makeRecord() },
};

describe('the record page', () => {
  it("shows the record's values with the process page's renderers, and its tabs", async () => {
    mockRecordsApi(base);
    renderRecord();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Ltd' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Supplier' }).getAttribute('href')).toBe('/records/supplier');
    // An e-mail reads as a mail link, as a submitted answer does.
    expect(screen.getByRole('link', { name: 'buyer@acme.test' }).getAttribute('href')).toBe(
      'mailto:buyer@acme.test',
    );
    expect(screen.getByText('GB1')).toBeTruthy();
    expect(screen.getByText('Europe')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Details',
      'Related records',
      'Related workflows',
      'Activity',
      'Comments',
    ]);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('hides the actions the person may not use', async () => {
    mockRecordsApi(base);
    renderRecord('/records/supplier/42', { can_view_records: true });
    await screen.findByRole('heading', { level: 1, name: 'Acme Ltd' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('edits with the field inputs: sends only what changed with the revision, and shows a server field error under its field', async () => {
    const calls = mockRecordsApi({
      ...base,
      [`PATCH ${RECORD}`]: {
        status: 400,
        body: {
          detail: RECORD_MESSAGES.invalidAnswers,
          code: 'invalid_answers',
          errors: { contact_email: ['This e-mail domain is not accepted here.'] },
        },
      },
    });
    renderRecord();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = await screen.findByRole('textbox', { name: 'Contact e-mail' });

    // The engine's own check, before anything is sent.
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(email, { target: { value: 'sales@acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      revision: 4,
      values: { contact_email: 'sales@acme.test' },
    });
    expect(await screen.findByText('This e-mail domain is not accepted here.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some values are missing or invalid.');
  });

  it('focuses the first input on Edit, and names a place the person may not use (403) without hanging', async () => {
    mockRecordsApi({
      ...base,
      [`PATCH ${RECORD}`]: {
        status: 403,
        body: { detail: RECORD_MESSAGES.noPlaceAccess, code: 'no_place_access' },
      },
    });
    renderRecord();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    // The region picker comes first on a type with places.
    await waitFor(() => {
      const focused = document.activeElement;
      expect(focused?.tagName).toBe('INPUT');
      expect(document.querySelector(`label[for="${focused?.id}"]`)?.textContent).toBe('Region');
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'VAT number' }), { target: { value: 'GB2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot add or change records in this region or business unit.',
    );
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('data-loading')).toBe(false);
  });

  it('saves an edit and shows the record as the server answers it', async () => {
    mockRecordsApi({
      ...base,
      [`PATCH ${RECORD}`]: {
        body: makeRecord({
          revision: 5,
          values: { name: 'Acme Ltd', vat_number: 'GB1', contact_email: 'sales@acme.test', tier: 'gold' },
        }),
      },
    });
    renderRecord();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Contact e-mail' }), {
      target: { value: 'sales@acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('link', { name: 'sales@acme.test' })).toBeTruthy();
    expect(screen.getByText('Gold')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('names a change made by someone else in between, and reloads the record', async () => {
    let reads = 0;
    mockRecordsApi({
      ...base,
      [RECORD]: () => {
        reads += 1;
        return { body: makeRecord(reads > 1 ? { revision: 5, title: 'Acme Group' } : {}) };
      },
      [`PATCH ${RECORD}`]: {
        status: 409,
        body: { detail: RECORD_MESSAGES.staleRevision, code: 'stale_revision' },
      },
    });
    renderRecord();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'VAT number' }), {
      target: { value: 'GB2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This record was changed by someone else. Reload it to see the changes.',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload the record' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Group' })).toBeTruthy();
  });

  it("shows the server's words when a delete is refused", async () => {
    const refusal = RECORD_MESSAGES.recordInUse(2, ['Onboarding 7']);
    mockRecordsApi({
      ...base,
      [`DELETE ${RECORD}`]: { status: 400, body: { detail: refusal, code: 'record_in_use' } },
    });
    const { router } = renderRecord();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this record?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(router.state.location.pathname).toBe('/records/supplier/42');
  });

  it('archives a record and offers to restore it', async () => {
    const calls = mockRecordsApi({
      ...base,
      [`POST ${RECORD_PATHS.archive('supplier', 42)}`]: {
        body: makeRecord({ archived_at: '2026-11-03T10:00:00.000Z', revision: 5 }),
      },
    });
    renderRecord();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === RECORD_PATHS.archive('supplier', 42))).toBe(
      true,
    );
    // An archived record is restored before it is edited.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lists the activity with before and after per field, and opens the related records tab', async () => {
    mockRecordsApi({
      ...base,
      [RECORD_PATHS.relatedRecords('supplier', 42)]: {
        body: { results: [], count: 0, next: null, previous: null },
      },
      [RECORD_PATHS.activity('supplier', 42)]: {
        body: {
          results: [
            {
              id: 1,
              action: 'edited',
              actor: { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
              changes: [
                { field_tag: 'vat_number', before: 'GB0', after: 'GB1' },
                { field_tag: 'tier', before: 'gold', after: 'silver' },
              ],
              import_id: null,
              batch_update_id: null,
              created_at: '2026-11-02T10:00:00.000Z',
            },
          ],
          count: 1,
          next: null,
          previous: null,
        },
      },
    });
    const { router } = renderRecord('/records/supplier/42/activity');
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByText('Edited')).toBeTruthy();
    expect(within(list).getByText('Ada Admin')).toBeTruthy();
    expect(within(list).getByText('VAT number')).toBeTruthy();
    expect(within(list).getByText('GB0')).toBeTruthy();
    // A choice reads by its option's label.
    expect(within(list).getByText('Gold')).toBeTruthy();
    expect(within(list).getByText('Silver')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Related records' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/records/supplier/42/related-records'));
    expect(await screen.findByText('No linked records')).toBeTruthy();
  });

  it('lists the workflows that name the record, each a link to its process page, paged by the server', async () => {
    const workflow = (id: number, name: string) => ({
      id,
      name,
      created_at: '2026-11-01T09:00:00Z',
      updated_at: '2026-11-02T09:00:00Z',
      sorting_primary_field: null,
      lc_data: [],
      workflow_family: [],
      alerts: [],
      status: { id: 1, tag: 'open', display_name: 'In review', color_code: '#228be6' },
      progress: 40,
      kind: { id: 3, name: 'Supplier onboarding', tag: 'supplier_onboarding' },
      region: { id: 1, name: 'Europe' },
      business_unit: null,
      rank: 1,
    });
    const calls = mockRecordsApi({
      ...base,
      [RECORD_PATHS.relatedWorkflows('supplier', 42)]: ({ search }) => ({
        body: {
          results:
            search.get('offset') === '20' ? [workflow(8, 'Acme renewal')] : [workflow(7, 'Acme onboarding')],
          count: 21,
          count_is_estimate: false,
          next: null,
          previous: null,
        },
      }),
    });
    renderRecord('/records/supplier/42/related-workflows');
    const link = await screen.findByRole('link', { name: 'Acme onboarding' });
    expect(link.getAttribute('href')).toBe('/process/7');
    const table = screen.getByTestId('record-related-workflows');
    expect(within(table).getByText('Supplier onboarding')).toBeTruthy();
    expect(within(table).getByText('In review')).toBeTruthy();
    expect(screen.getByText('Showing 1-20 out of 21 items')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Acme renewal' })).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === RECORD_PATHS.relatedWorkflows('supplier', 42))
        .at(-1)
        ?.search.get('limit'),
    ).toBe('20');
  });

  it('says when no workflow names the record', async () => {
    mockRecordsApi({
      ...base,
      [RECORD_PATHS.relatedWorkflows('supplier', 42)]: {
        body: { results: [], count: 0, count_is_estimate: false, next: null, previous: null },
      },
    });
    renderRecord('/records/supplier/42/related-workflows');
    expect(await screen.findByText('No workflows name this record')).toBeTruthy();
  });

  it('says so when the record does not exist or is not visible', async () => {
    mockRecordsApi({ [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() } });
    renderRecord('/records/supplier/99');
    expect(
      await screen.findByRole('heading', { name: 'This record does not exist, or you cannot see it.' }),
    ).toBeTruthy();
  });
});
