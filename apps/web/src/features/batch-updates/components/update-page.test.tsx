import { ADMIN_PATHS, BATCH_UPDATE_PATHS, DASHBOARD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { dashboardKeys } from '../../workflow-list';
import { makeItem, makeUpdate, mockBatchApi, page, REGIONS } from '../test/batch-update-fixtures';
import { UpdatePage } from './update-page';

afterEach(() => vi.unstubAllGlobals());

const LIST_QUERY = 'region__in=3&status__in=2';

function renderUpdate(url: string) {
  return renderRoutes(
    [
      { path: '/batch-update/:updateId', element: <UpdatePage /> },
      { path: '/batch-updates', element: <p>updates list</p> },
    ],
    { url },
  );
}

describe('a new batch update', () => {
  it('sends the region change with the dashboard list query as the selection, then opens the preview', async () => {
    const calls = mockBatchApi({
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [ADMIN_PATHS.businessUnits]: { body: page([{ id: 9, name: 'Retail', region_id: 4 }]) },
      [DASHBOARD_PATHS.workflows]: { body: { ...page([], 200), count_is_estimate: false } },
      [`POST ${BATCH_UPDATE_PATHS.updates}`]: { status: 201, body: makeUpdate({ state: 'selecting' }) },
      [BATCH_UPDATE_PATHS.update(12)]: { body: makeUpdate({ state: 'selecting' }) },
    });
    const { router } = renderUpdate(
      `/batch-update/new?target=workflows&query=${encodeURIComponent(LIST_QUERY)}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'New batch update' })).toBeTruthy();
    // The count is the dashboard list's own, for the same query.
    expect(await screen.findByText('Selected: 200 workflows')).toBeTruthy();
    expect(calls.find((c) => c.path === DASHBOARD_PATHS.workflows)?.search.toString()).toBe(LIST_QUERY);
    // Answers belong to one kind: without a kind in the filters they are not offered.
    expect(screen.getByText(/narrow the dashboard to one workflow kind/)).toBeTruthy();

    // Nothing is sent without a change.
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one change.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Asia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/12'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { target: 'workflows', selection: { query: LIST_QUERY }, changes: { region_id: 4 } },
    ]);
    expect(await screen.findByText('Making the preview…')).toBeTruthy();
  });

  it("sends answers with the list's kind, each value from its field's choices", async () => {
    const query = 'kind_id=2&status__in=5';
    const calls = mockBatchApi({
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [DASHBOARD_PATHS.workflows]: { body: { ...page([], 3), count_is_estimate: false } },
      [DASHBOARD_PATHS.fieldsExportJson]: {
        body: {
          count: 2,
          results: [
            {
              path: 'field__risk',
              label: 'Risk level',
              label_key: null,
              group_label: 'Review',
              type: 'choice',
              options: [
                { value: 'low', label: 'Low' },
                { value: 'high', label: 'High' },
              ],
              source: { kind: 'field', field_tag: 'risk', field_type: 'single_select' },
            },
            {
              path: 'field__notes',
              label: 'Notes',
              label_key: null,
              group_label: 'Review',
              type: 'text',
              options: null,
              source: { kind: 'field', field_tag: 'notes', field_type: 'text_area' },
            },
          ],
        },
      },
      [`POST ${BATCH_UPDATE_PATHS.updates}`]: { status: 201, body: makeUpdate({ state: 'selecting' }) },
      [BATCH_UPDATE_PATHS.update(12)]: { body: makeUpdate({ state: 'selecting' }) },
    });
    const { router } = renderUpdate(`/batch-update/new?target=workflows&query=${encodeURIComponent(query)}`);
    const addAnswer = await screen.findByRole('button', { name: 'Change an answer' });
    // Offered once the kind's fields are known.
    await waitFor(() => expect(addAnswer).toSatisfy((el: HTMLButtonElement) => !el.disabled));
    fireEvent.click(addAnswer);
    fireEvent.click(screen.getByRole('combobox', { name: 'Field 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Risk level (Review)' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'New value 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'High' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change an answer' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Field 2' }));
    // A field already changed is not offered twice.
    expect(screen.queryByRole('option', { name: 'Risk level (Review)' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Notes (Review)' }));
    const second = screen.getByRole('group', { name: 'Answer change 2' });
    fireEvent.click(within(second).getByRole('checkbox', { name: 'Clear the answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/12'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      target: 'workflows',
      kind_id: 2,
      selection: { query },
      changes: { answers: { risk: 'high', notes: null } },
    });
  });

  it('shows the server refusal beside the form', async () => {
    mockBatchApi({
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [DASHBOARD_PATHS.workflows]: { body: { ...page([], 130_412), count_is_estimate: true } },
      [`POST ${BATCH_UPDATE_PATHS.updates}`]: {
        status: 400,
        body: {
          detail:
            'The filters match 130,412 workflows; a batch update takes at most 100,000. Narrow the filters.',
          code: 'batch_update_too_many_items',
        },
      },
    });
    renderUpdate('/batch-update/new?target=workflows&query=');
    expect(await screen.findByText('Selected: about 130,412 workflows')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Business unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No business unit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The filters match 130,412 workflows; a batch update takes at most 100,000. Narrow the filters.',
    );
  });
});

describe('a batch update', () => {
  it('previews each item before and after, filtered by outcome', async () => {
    const calls = mockBatchApi({
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [BATCH_UPDATE_PATHS.update(12)]: { body: makeUpdate() },
      [BATCH_UPDATE_PATHS.items(12)]: (call) =>
        call.search.get('outcome') === 'refused'
          ? {
              body: page([
                makeItem({
                  target_id: 102,
                  name: 'Acme review',
                  after: null,
                  outcome: 'refused',
                  message: 'You may not change this workflow.',
                }),
              ]),
            }
          : call.search.get('outcome') === 'unchanged'
            ? {
                body: page([makeItem({ target_id: 103, after: makeItem().before, outcome: 'unchanged' })], 1),
              }
            : call.search.get('outcome') === 'pending'
              ? { body: page([makeItem()], 198) }
              : { body: page([makeItem()], 200) },
    });
    renderUpdate('/batch-update/12');
    const table = await screen.findByRole('table', { name: 'Items of the batch update' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Northwind onboarding' }).getAttribute('href')).toBe(
      '/process/101',
    );
    expect(within(row).getByText('Europe')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'becomes' })).toBeTruthy();
    expect(within(row).getByText('Asia')).toBeTruthy();
    expect(within(row).getByText('Will change')).toBeTruthy();
    expect(screen.getByText('Items: 200')).toBeTruthy();
    // The preview's counts by outcome, from the server's own counts.
    const counts = (label: string) =>
      screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
    await waitFor(() => expect(counts('Will change')).toBe('198'));
    expect(counts('Unchanged')).toBe('1');
    expect(counts('Refused')).toBe('1');
    expect(screen.getByRole('button', { name: 'Apply to 200 items' })).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Refused' }));
    expect(await screen.findByText('You may not change this workflow.')).toBeTruthy();
    expect(calls.at(-1)?.search.get('outcome')).toBe('refused');
    expect(screen.queryByText('Asia')).toBeNull();
  });

  it('applies, and the progress bar follows the job to 100%', async () => {
    let polls = 0;
    const calls = mockBatchApi({
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [BATCH_UPDATE_PATHS.update(12)]: () => {
        const applied = calls.some((c) => c.method === 'POST');
        if (!applied) return { body: makeUpdate() };
        polls += 1;
        return polls < 2
          ? { body: makeUpdate({ state: 'running', done: 100, progress: 0.5 }) }
          : {
              body: makeUpdate({
                state: 'finished',
                done: 200,
                changed: 198,
                skipped: 2,
                progress: 1,
                can_undo: true,
              }),
            };
      },
      [BATCH_UPDATE_PATHS.items(12)]: { body: page([makeItem()], 200) },
      [`POST ${BATCH_UPDATE_PATHS.apply(12)}`]: { status: 202, body: {} },
    });
    const { queryClient } = renderUpdate('/batch-update/12');
    // The dashboard's list as it was before the update.
    queryClient.setQueryData(dashboardKeys.list('region__in=3'), { results: [], count: 200 });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to 200 items' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('100 of 200')).toBeTruthy();
    // Polled every second until the job is done.
    await waitFor(
      () =>
        expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe(
          '100',
        ),
      { timeout: 3000 },
    );
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(screen.getByText('198')).toBeTruthy();
    // The workflows changed: the dashboard's list is asked again when next shown.
    expect(queryClient.getQueryState(dashboardKeys.list('region__in=3'))?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Download results' }).getAttribute('href')).toBe(
      '/api/v1/batch-updates/12/results/',
    );
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it("shows the server's refusal when the items were changed since, and undoes nothing", async () => {
    const detail = 'This batch update cannot be undone: 1 of its items was changed since (101).';
    mockBatchApi({
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
      [BATCH_UPDATE_PATHS.update(12)]: {
        body: makeUpdate({ state: 'finished', done: 200, changed: 200, progress: 1, can_undo: true }),
      },
      [BATCH_UPDATE_PATHS.items(12)]: { body: page([makeItem({ outcome: 'changed' })], 200) },
      [`POST ${BATCH_UPDATE_PATHS.undo(12)}`]: {
        status: 400,
        body: { detail, code: 'batch_update_changed_since', target_ids: [101] },
      },
    });
    renderUpdate('/batch-update/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this batch update?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo the update' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(detail);
    expect(screen.getByText('Finished')).toBeTruthy();
  });

  it('says so for an update that does not exist', async () => {
    mockBatchApi({});
    renderUpdate('/batch-update/99');
    expect(
      await screen.findByRole('heading', { name: 'This batch update does not exist, or you cannot see it.' }),
    ).toBeTruthy();
  });
});
