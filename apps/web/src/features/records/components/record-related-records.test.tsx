import { RECORD_MESSAGES, RECORD_PATHS, type RelatedRecord } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRecord, makeSupplierType, mockRecordsApi } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { RecordPage } from './record-page';

afterEach(() => vi.unstubAllGlobals());

const RELATED = RECORD_PATHS.relatedRecords('supplier', 42);
const LINKS = RECORD_PATHS.links('supplier', 42);
const editor = { can_view_records: true, can_change_record: true };

// A supplier has one parent company and many sites; its onboardings are workflows, not links.
const relations = [
  { tag: 'parent', label: 'Parent company', target: { object_type_tag: 'supplier' }, many: false },
  { tag: 'sites', label: 'Sites', target: { object_type_tag: 'site' }, many: true },
  { tag: 'onboardings', label: 'Onboardings', target: { kind_tag: 'onboarding' }, many: true },
];

function related(overrides: Partial<RelatedRecord> = {}): RelatedRecord {
  return {
    link_id: 5,
    id: 77,
    title: 'Paris warehouse',
    object_type: { tag: 'site', name: 'Site' },
    relation_tag: 'sites',
    relation_label: 'Sites',
    direction: 'outgoing',
    archived: false,
    linked_at: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}

const page = (results: RelatedRecord[]) => ({
  body: { results, count: results.length, next: null, previous: null },
});

function renderTab(
  permissions: Record<string, boolean> = editor,
  url = '/records/supplier/42/related-records',
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, permissions);
  return renderRoutes(
    [
      { path: '/records/:objectType/:objectId/:objectTab', element: <RecordPage /> },
      { path: '/records/:objectType/:objectId', element: <p>another record</p> },
    ],
    { url, queryClient },
  );
}

function mockApi(replies: Parameters<typeof mockRecordsApi>[0], definition = { relations }) {
  return mockRecordsApi({
    [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType(definition as never) },
    [RECORD_PATHS.record('supplier', 42)]: { body: makeRecord() },
    ...replies,
  });
}

describe('the related records tab', () => {
  it('lists the linked records both ways, each a link to its record page', async () => {
    mockApi({
      [RELATED]: page([
        related(),
        related({
          link_id: 6,
          id: 12,
          title: 'Acme Holdings',
          object_type: { tag: 'supplier', name: 'Supplier' },
          relation_tag: 'parent',
          relation_label: 'Parent company',
          direction: 'incoming',
          archived: true,
        }),
      ]),
    });
    renderTab();
    const link = await screen.findByRole('link', { name: 'Paris warehouse' });
    expect(link.getAttribute('href')).toBe('/records/site/77');
    const table = screen.getByTestId('record-related-records');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toBe('Paris warehouseSiteSitesLinks to');
    expect(second?.textContent).toBe('Acme HoldingsArchivedSupplierParent companyLinked from');
    expect(screen.getByRole('link', { name: 'Acme Holdings' }).getAttribute('href')).toBe(
      '/records/supplier/12',
    );
  });

  it('offers no link or unlink without can_change_record, nor a link when the type has no relation to records', async () => {
    mockApi({ [RELATED]: page([related()]) });
    const { result } = renderTab({ can_view_records: true });
    await screen.findByRole('link', { name: 'Paris warehouse' });
    expect(screen.queryByRole('button', { name: 'Link a record' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove the link/ })).toBeNull();
    result.unmount();

    mockApi({ [RELATED]: page([]) }, { relations: relations.slice(2) });
    renderTab();
    expect(await screen.findByText('No linked records')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link a record' })).toBeNull();
  });

  it('links a record picked by a server search, and lists it', async () => {
    let linked = false;
    const calls = mockApi({
      [RELATED]: () => page(linked ? [related({ id: 80, title: 'Lyon depot' })] : []),
      [RECORD_PATHS.search('site')]: ({ search }) => ({
        body: {
          results:
            search.get('q') === 'lyon'
              ? [{ id: 80, title: 'Lyon depot' }]
              : [{ id: 77, title: 'Paris warehouse' }],
        },
      }),
      [`POST ${LINKS}`]: () => {
        linked = true;
        return { status: 201, body: related({ id: 80, title: 'Lyon depot' }) };
      },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Link a record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a record' });
    // Only the relations to records are offered.
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Relation' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Parent company', 'Sites']);
    fireEvent.click(screen.getByRole('option', { name: 'Sites' }));

    const picker = within(dialog).getByRole('combobox', { name: 'Record' });
    // Typed by the person (Mantine ignores changes to an input without focus: autofill).
    picker.focus();
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'ly' } });
    fireEvent.change(picker, { target: { value: 'lyon' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Lyon depot' }));
    // One search for what was finally typed, not one per keystroke.
    const searched = calls
      .filter((c) => c.path === RECORD_PATHS.search('site'))
      .map((c) => c.search.get('q'));
    expect(searched).toContain('lyon');
    expect(searched).not.toContain('ly');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));

    expect(await screen.findByRole('link', { name: 'Lyon depot' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ relation_tag: 'sites', record_id: 80 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link a record' })).toBeNull());
  });

  it('says why a link is refused, naming the relation, and keeps the dialog open', async () => {
    mockApi({
      [RELATED]: page([]),
      [RECORD_PATHS.search('supplier')]: { body: { results: [{ id: 12, title: 'Acme Holdings' }] } },
      [`POST ${LINKS}`]: {
        status: 400,
        body: { detail: RECORD_MESSAGES.relationTaken('Parent company'), code: 'relation_taken' },
      },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Link a record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a record' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Record' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Holdings' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '\u2068Parent company\u2069 links to one record: remove the current link first.',
    );
  });

  it('removes a link after a confirmation', async () => {
    let removed = false;
    const calls = mockApi({
      [RELATED]: () => page(removed ? [] : [related()]),
      [`DELETE ${RECORD_PATHS.link('supplier', 42, 5)}`]: () => {
        removed = true;
        // The server answers 204; an empty 200 reads the same to the client and fits a mock Response.
        return { body: {} };
      },
    });
    renderTab();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove the link to \u2068Paris warehouse\u2069' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this link?' });
    expect(dialog.textContent).toContain('will no longer be linked by “Sites”');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    expect(await screen.findByText('No linked records')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      RECORD_PATHS.link('supplier', 42, 5),
    ]);
  });

  it("names a link in the activity by its relation's label and the linked record's title", async () => {
    mockApi({
      [RECORD_PATHS.activity('supplier', 42)]: {
        body: {
          results: [
            {
              id: 3,
              action: 'linked',
              actor: { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
              changes: [{ field_tag: 'parent', before: null, after: { id: 12, name: 'Acme Holdings' } }],
              import_id: null,
              batch_update_id: null,
              created_at: '2026-11-03T10:00:00.000Z',
            },
          ],
          count: 1,
          next: null,
          previous: null,
        },
      },
    });
    renderTab(editor, '/records/supplier/42/activity');
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByText('Linked a record')).toBeTruthy();
    expect(within(list).getByText('Parent company')).toBeTruthy();
    expect(within(list).getByText('Acme Holdings')).toBeTruthy();
  });
});
