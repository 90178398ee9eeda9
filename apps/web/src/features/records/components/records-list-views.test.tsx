import { ADMIN_PATHS, PREFERENCE_PATHS, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, makeListItem, makeSupplierType, mockRecordsApi } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { RecordsListPage } from './records-list-page';

afterEach(() => vi.unstubAllGlobals());

const page = (results: unknown[], count = results.length) => ({
  results,
  count,
  next: null,
  previous: null,
  count_is_estimate: false,
});
const GOLD = {
  compareType: 'AND',
  conditions: [{ field: 'record_field__tier', type: 'choice', operator: 'eq', value: 'gold' }],
  groups: [],
};
const GOLD_QUERY = new URLSearchParams({
  ordering: 'title',
  advanced_filters: JSON.stringify(GOLD),
}).toString();
const view = (id: number, name: string, objectType: string, query: string) => ({
  id,
  kind: 'saved_record_views',
  name,
  value: { object_type: objectType, query },
  created_at: '2026-11-20T10:00:00.000Z',
});

function renderList(replies: Parameters<typeof mockRecordsApi>[0] = {}, url = '/records/supplier') {
  const calls = mockRecordsApi({
    [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
    [RECORD_PATHS.records('supplier')]: { body: page([makeListItem()], 1) },
    [ADMIN_PATHS.regions]: { body: page([{ id: 1, name: 'Europe' }]) },
    [PREFERENCE_PATHS.preferences]: {
      body: page([
        view(1, 'Gold suppliers', 'supplier', GOLD_QUERY),
        view(2, 'Big customers', 'customer', 'q=x'),
      ]),
    },
    ...replies,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, { can_view_records: true });
  const { router } = renderRoutes([{ path: '/records/:objectType', element: <RecordsListPage /> }], {
    url,
    queryClient,
  });
  return { calls, router };
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === RECORD_PATHS.records('supplier'));

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe("the records list's field filters", { timeout: 20_000 }, () => {
  it('filters by a field of the type, keeps the filter in the URL and sends it as advanced_filters', async () => {
    const { calls, router } = renderList();
    await screen.findByRole('table');
    expect(listCalls(calls).at(-1)?.search.get('advanced_filters')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Field filters' }));
    const panel = screen.getByRole('complementary', { name: 'Filter by fields' });
    const root = within(panel).getByRole('group', { name: 'Advanced filter' });
    fireEvent.click(within(root).getByRole('button', { name: 'Add condition' }));
    const condition = within(root).getAllByRole('group', { name: 'Condition 1' })[0] as HTMLElement;
    await choose(condition, 'Field', 'Tier');
    await choose(condition, 'Value', 'Gold');
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(
        JSON.parse(new URLSearchParams(router.state.location.search).get('advanced_filters') ?? 'null'),
      ).toEqual(GOLD),
    );
    await waitFor(() =>
      expect(JSON.parse(listCalls(calls).at(-1)?.search.get('advanced_filters') ?? 'null')).toEqual(GOLD),
    );
    // The toggle counts the conditions applied.
    expect(screen.getByRole('button', { name: /Field filters/ }).textContent).toContain('1');

    // Clear filters takes the filter off the list and the URL.
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('advanced_filters'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search.get('advanced_filters')).toBeNull());
  });

  it('opens a link holding a filter with that filter asked of the server', async () => {
    const { calls } = renderList({}, `/records/supplier?${GOLD_QUERY}`);
    await screen.findByRole('table');
    const last = listCalls(calls).at(-1);
    expect(JSON.parse(last?.search.get('advanced_filters') ?? 'null')).toEqual(GOLD);
    expect(last?.search.get('ordering')).toBe('title');
  });

  it('says when a filter no longer fits the type, and takes it off on request', async () => {
    const { calls, router } = renderList(
      {
        [RECORD_PATHS.records('supplier')]: (call) =>
          call.search.has('advanced_filters')
            ? {
                status: 400,
                body: { detail: "advanced_filters: unknownField at 'conditions.0'.", code: 'invalid_filter' },
              }
            : { body: page([makeListItem()], 1) },
      },
      `/records/supplier?${GOLD_QUERY}`,
    );
    expect(
      await screen.findByText(
        'These field filters no longer fit this type: a field they name may have been removed or changed.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear field filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=title'));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(listCalls(calls).at(-1)?.search.get('advanced_filters')).toBeNull();
  });
});

describe("the records list's saved views", { timeout: 20_000 }, () => {
  it("lists only this type's views; opening one applies its filters and order", async () => {
    const { calls, router } = renderList();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Saved views' }));
    const views = await screen.findByRole('region', { name: 'Saved views' });
    expect(await within(views).findByRole('button', { name: 'Gold suppliers' })).toBeTruthy();
    expect(within(views).queryByText('Big customers')).toBeNull();
    expect(calls.find((c) => c.path === PREFERENCE_PATHS.preferences)?.search.get('kind')).toBe(
      'saved_record_views',
    );

    fireEvent.click(within(views).getByRole('button', { name: 'Gold suppliers' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?${GOLD_QUERY}`));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search.get('ordering')).toBe('title'));
    expect(JSON.parse(listCalls(calls).at(-1)?.search.get('advanced_filters') ?? 'null')).toEqual(GOLD);
    // The open view names the button.
    expect(screen.getByRole('button', { name: 'Gold suppliers' })).toBeTruthy();
  });

  it('saves the current list under a name for this type', async () => {
    const { calls } = renderList(
      {
        [`POST ${PREFERENCE_PATHS.preferences}`]: { status: 201, body: view(3, 'By title', 'supplier', 'x') },
      },
      `/records/supplier?ordering=title&page=2`,
    );
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' By title ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    // The page is not part of a view: it opens at its first page.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'saved_record_views',
      name: 'By title',
      value: { object_type: 'supplier', query: 'ordering=title' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the name is already taken, and keeps the dialog open', async () => {
    renderList({
      [`POST ${PREFERENCE_PATHS.preferences}`]: {
        status: 400,
        body: {
          detail: 'You already have one with this name.',
          code: 'invalid',
          errors: { name: ['You already have one with this name.'] },
        },
      },
    });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Gold suppliers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a saved view with this name.')).toBeTruthy();
  });

  it('deletes a view once confirmed', async () => {
    const { calls } = renderList({
      [`DELETE ${PREFERENCE_PATHS.preference(1)}`]: { status: 200, body: {} },
    });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Saved views' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete saved view Gold suppliers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the saved view “Gold suppliers”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete view' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === PREFERENCE_PATHS.preference(1))).toBe(
        true,
      ),
    );
  });
});
