import { REPORT_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { mockApi, type Reply } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ReportBuilderPage } from './report-builder-page';
import { makeReport, page } from './test-data';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// A new report counts without a group by: the engine answers one row of totals.
function renderBuilder(saveReply: Reply) {
  mockApi({
    [WORKFLOW_PATHS.kinds]: { body: page([]) },
    [REPORT_PATHS.reports]: saveReply,
    [REPORT_PATHS.preview]: { body: { results: [['Count'], [42]], count: 1 } },
  });
  return renderRoutes(
    [
      { path: '/dashboards/:id/report/new', element: <ReportBuilderPage dashboardId={5} reportId={null} /> },
      { path: '/dashboard/5', element: <p>the dashboard</p> },
    ],
    { url: '/dashboards/5/report/new' },
  );
}

async function saveAs(name: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the report builder says what happened', { timeout: 60_000 }, () => {
  it('a report without a group by previews its total: one row, and never "no results" beside it', async () => {
    renderBuilder({ body: makeReport({ id: 12 }) });
    expect(await screen.findByText('Rows: 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('There are no results for this Report')).toBeNull();
    expect(screen.queryByTestId('chart-empty')).toBeNull();
  });

  it('says the report was saved, by its name', async () => {
    const { router } = renderBuilder({ status: 201, body: makeReport({ id: 12, name: 'Open by status' }) });
    await saveAs('Open by status');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/5'));
    expect(toast.success).toHaveBeenCalledWith('reports.builder.saved', {
      values: { name: isolate('Open by status') },
    });
  });

  it('says so when the report could not be saved, and stays on the builder', async () => {
    const { router } = renderBuilder({
      status: 400,
      body: { detail: 'The report is invalid.', code: 'invalid_report' },
    });
    await saveAs('Open by status');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('reports.builder.saveFailed', {
        values: { name: isolate('Open by status') },
      }),
    );
    expect(router.state.location.pathname).toBe('/dashboards/5/report/new');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
