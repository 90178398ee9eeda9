import { BATCH_IMPORT_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { makeSummary, mockImportsApi, page } from '../test/import-fixtures';
import { ImportsPage } from './imports-page';

afterEach(() => vi.unstubAllGlobals());

function renderList(
  url = '/batch-imports',
  permissions: Record<string, boolean> = { can_view_import_pipeline: true },
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, permissions);
  return renderRoutes(
    [
      { path: '/batch-imports', element: <ImportsPage /> },
      { path: '/batch-import/:importId', element: <p>import page</p> },
    ],
    { url, queryClient },
  );
}

describe('the imports list', () => {
  it("shows each import's file, target, state and row counts, paged by the server", async () => {
    const calls = mockImportsApi({
      [BATCH_IMPORT_PATHS.imports]: (call) =>
        call.search.get('offset') === '20'
          ? { body: page([makeSummary({ id: 3, file_name: 'older.csv', state: 'undone' })], 21) }
          : { body: page([makeSummary({ state: 'finished', rows_done: 47 })], 21) },
    });
    const { router } = renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Imports' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Imports' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['File', 'Imports into', 'State', 'Rows', 'Created by', 'Created at']);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Finished')).toBeTruthy();
    expect(within(row).getByText('50 total · 47 valid · 3 with problems · 47 done')).toBeTruthy();
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(calls[0]?.search.get('limit')).toBe('20');
    expect(calls[0]?.search.get('offset')).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'older.csv' })).toBeTruthy();
    expect(screen.getByText('Undone')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.click(screen.getByRole('link', { name: 'older.csv' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-import/3'));
  });

  it('offers "New import" only with can_perform_batch_import', async () => {
    mockImportsApi({ [BATCH_IMPORT_PATHS.imports]: { body: page([makeSummary()]) } });
    const first = renderList();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'New import' })).toBeNull();
    first.result.unmount();

    renderList('/batch-imports', { can_view_import_pipeline: true, can_perform_batch_import: true });
    expect(await screen.findByRole('button', { name: 'New import' })).toBeTruthy();
  });
});
