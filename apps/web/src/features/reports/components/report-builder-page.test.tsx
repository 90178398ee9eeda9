import { REPORT_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ReportBuilderPage } from './report-builder-page';
import { makeReport, page } from './test-data';

function renderBuilder(url: string, reportId: number | null) {
  const fetchMock = mockApi({
    [WORKFLOW_PATHS.kinds]: { body: page([]) },
    [REPORT_PATHS.reports]: { body: makeReport({ id: 12 }) },
    [REPORT_PATHS.report(11)]: { body: makeReport({ config: { group_by: 'broken' } }) },
  });
  const { router } = renderRoutes(
    [
      {
        path: '/dashboards/:id/report/new',
        element: <ReportBuilderPage dashboardId={5} reportId={reportId} />,
      },
      {
        path: '/dashboards/:id/report/:reportId/edit',
        element: <ReportBuilderPage dashboardId={5} reportId={reportId} />,
      },
      { path: '/dashboard/5', element: <p>the dashboard</p> },
    ],
    { url },
  );
  return { fetchMock, router };
}

describe('ReportBuilderPage', () => {
  it('saves a new report in its dashboard with a valid config, then goes back to the dashboard', async () => {
    const { fetchMock, router } = renderBuilder('/dashboards/5/report/new', null);
    fireEvent.change(await screen.findByRole('textbox', { name: /Report name/ }), {
      target: { value: 'By status' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/5'));
    const [call] = callsTo(fetchMock, REPORT_PATHS.reports);
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      dashboard_id: 5,
      name: 'By status',
      config: {
        report_kind: 'workflow',
        chart_type: 'BAR_CHART',
        group_by: [{ source: 'workflow__status_label', extra_json: { label: 'Status' } }],
        operations: [{ function: 'count', label: 'Count', arguments: [] }],
      },
    });
  });

  it('warns when the stored config cannot be read, and starts from an empty form', async () => {
    renderBuilder('/dashboards/5/report/11/edit', 11);
    expect(
      await screen.findByText('The saved configuration of this report cannot be read. Saving replaces it.'),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Report name/ }) as HTMLInputElement).value).toBe(
      'Workflows by status',
    );
  });
});
