import { defaultListState, type WorkflowExport } from '@attest/shared';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Reply } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { WorkflowExportButton } from './workflow-export-button';

vi.mock('../lib/track-export', async (original) => {
  const actual = await original<typeof import('../lib/track-export')>();
  // The poll interval is the spec's in the app; a few milliseconds here.
  return {
    trackExport: (client: Parameters<typeof actual.trackExport>[0], created: WorkflowExport) =>
      actual.trackExport(client, created, { intervalMs: 5 }),
  };
});

const PERMISSIONS = '/api/v1/users/permissions/';
const EXPORTS = '/api/v2/workflows/export/';
const KIND = { id: 7, name: 'Vendor Check' };

function exported(overrides: Partial<WorkflowExport> = {}): WorkflowExport {
  return {
    id: 41,
    kind_id: 7,
    format: 'csv',
    state: 'queued',
    rows_total: 3,
    rows_done: 0,
    file_name: 'vendor-check-2026-11-22.csv',
    error: null,
    created_at: '2026-11-22T05:00:00.000Z',
    finished_at: null,
    expires_at: '2026-11-23T05:00:00.000Z',
    ...overrides,
  };
}

function renderButton(replies: Record<string, Reply | (() => Reply)>, allowed = true) {
  const fetchMock = mockApi({
    [PERMISSIONS]: { body: { objects: { can_export_workflow_data: allowed } } },
    ...replies,
  });
  const list = { ...defaultListState(), kind_id: 7, status__in: [2, 3], q: 'acme' };
  renderWithProviders(
    <>
      <Notifications />
      <WorkflowExportButton kind={KIND} list={list} />
    </>,
  );
  return fetchMock;
}

async function choose(format: 'CSV (.csv)' | 'Excel (.xlsx)') {
  fireEvent.click(await screen.findByRole('button', { name: 'export data for Vendor Check' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: format }));
}

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('the header export icon', () => {
  it('is hidden without Can export workflow data', async () => {
    const fetchMock = renderButton({}, false);
    await waitFor(() => expect(callsTo(fetchMock, PERMISSIONS)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'export data for Vendor Check' })).toBeNull();
  });

  it('exports the kind with the current filters, follows the progress and downloads the file', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const states = [
      exported({ state: 'running', rows_done: 1 }),
      exported({ state: 'finished', rows_done: 3, finished_at: '2026-11-22T05:00:02.000Z' }),
    ];
    const fetchMock = renderButton({
      [EXPORTS]: { status: 202, body: exported() },
      [`${EXPORTS}41/`]: () => ({ body: states.length > 1 ? states.shift() : states[0] }),
    });
    await choose('Excel (.xlsx)');
    const [, init] = callsTo(fetchMock, EXPORTS)[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind_id: 7,
      format: 'xlsx',
      status__in: '2,3',
      q: 'acme',
    });
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(screen.getByText('Your export is ready. The download has started.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download vendor-check-2026-11-22.csv' });
    expect(link.getAttribute('href')).toBe('/api/v2/workflows/export/41/download/');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  });

  it("says 'no workflows to export' on 404", async () => {
    renderButton({
      [EXPORTS]: { status: 404, body: { detail: 'no workflows to export', code: 'no_workflows_to_export' } },
    });
    await choose('CSV (.csv)');
    expect(await screen.findByText('no workflows to export')).toBeTruthy();
  });

  it("says 'invalid export params' on 400 and reports the reasons", async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderButton({
      [EXPORTS]: {
        status: 400,
        body: {
          detail: 'invalid export params',
          code: 'invalid_export_params',
          errors: { status__in: ['invalidId'] },
        },
      },
    });
    await choose('CSV (.csv)');
    expect(await screen.findByText('invalid export params')).toBeTruthy();
    expect(report).toHaveBeenCalledWith('Workflow export refused: invalid export params', {
      status__in: ['invalidId'],
    });
  });

  it('says how many exports may run at once on 429', async () => {
    renderButton({
      [EXPORTS]: {
        status: 429,
        body: { detail: 'You already have 3 exports in progress.', code: 'too_many_exports' },
      },
    });
    await choose('CSV (.csv)');
    expect(
      await screen.findByText(
        'You already have 3 exports in progress. Wait for one to finish, then try again.',
      ),
    ).toBeTruthy();
  });

  it('says the network failed when the server cannot be reached, and fails a failed job', async () => {
    const fetchMock = renderButton({});
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      if (path === PERMISSIONS) {
        return new Response(JSON.stringify({ objects: { can_export_workflow_data: true } }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      throw new TypeError('Failed to fetch');
    });
    await choose('CSV (.csv)');
    expect(
      await screen.findByText('The export could not reach the server. Check your connection and try again.'),
    ).toBeTruthy();
  });

  it('shows a failed export as failed', async () => {
    renderButton({
      [EXPORTS]: { status: 202, body: exported() },
      [`${EXPORTS}41/`]: {
        body: exported({ state: 'failed', error: 'The export failed. Please try again.' }),
      },
    });
    await choose('CSV (.csv)');
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText('The export failed. Please try again.')).toBeTruthy();
  });
});
