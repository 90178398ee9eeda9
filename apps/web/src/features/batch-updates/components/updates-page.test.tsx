import { ADMIN_PATHS, BATCH_UPDATE_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { makeUpdate, mockBatchApi, page, REGIONS } from '../test/batch-update-fixtures';
import { UpdatesPage } from './updates-page';

afterEach(() => vi.unstubAllGlobals());

describe('the batch updates list', () => {
  it('shows each update with its target, size, change, state and progress, linked to its page', async () => {
    const calls = mockBatchApi({
      [BATCH_UPDATE_PATHS.updates]: {
        body: page(
          [
            makeUpdate({ state: 'running', done: 50, progress: 0.25 }),
            makeUpdate({
              id: 11,
              state: 'finished',
              changes: { business_unit_id: null },
              kind: { id: 2, tag: 'onboarding', name: 'Onboarding' },
              total: 3,
              done: 3,
              progress: 1,
            }),
          ],
          41,
        ),
      },
      [ADMIN_PATHS.regions]: { body: page(REGIONS) },
    });
    const { router } = renderRoutes(
      [
        { path: '/batch-updates', element: <UpdatesPage /> },
        { path: '/batch-update/:updateId', element: <p>update page</p> },
      ],
      { url: '/batch-updates' },
    );
    const table = await screen.findByRole('table', { name: 'Batch updates' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('Workflows of every kind')).toBeTruthy();
    expect(within(first).getByText('200')).toBeTruthy();
    expect(await within(first).findByText('Region: Asia')).toBeTruthy();
    expect(within(first).getByText('Applying')).toBeTruthy();
    expect(within(first).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(within(first).getByText('50 of 200')).toBeTruthy();
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText('Workflows: Onboarding')).toBeTruthy();
    expect(within(second).getByText('Business unit: —')).toBeTruthy();
    expect(within(second).getByText('Finished')).toBeTruthy();
    // Paged by the server: 41 updates are three pages of 20.
    expect(calls.find((c) => c.path === BATCH_UPDATE_PATHS.updates)?.search.get('limit')).toBe('20');
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('link', { name: 'Batch update #12' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-update/12'));
  });

  it('says where updates start when there are none', async () => {
    mockBatchApi({ [BATCH_UPDATE_PATHS.updates]: { body: page([]) } });
    renderRoutes([{ path: '/batch-updates', element: <UpdatesPage /> }], { url: '/batch-updates' });
    expect(await screen.findByText('No batch updates yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start from the dashboard' }).getAttribute('href')).toBe(
      '/workflows/instances',
    );
  });
});
