import { REPORT_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ReportPage } from './report-page';
import { ALL, makeReport, VIEW_ONLY } from './test-data';

function renderReport(url: string, dashboardId: number | null, permissions = ALL, report = makeReport()) {
  const fetchMock = mockApi({
    [REPORT_PATHS.report(11)]: { body: report },
    [REPORT_PATHS.reportData(11)]: {
      body: {
        results: [
          ['Status', 'Count'],
          ['open', 1234],
          ['closed', 2],
        ],
        count: 2,
      },
    },
  });
  renderWithProviders(<ReportPage reportId={11} dashboardId={dashboardId} permissions={permissions} />, {
    url,
  });
  return fetchMock;
}

describe('ReportPage', () => {
  it('shows the chart, and the same results as a table with a CSV download', async () => {
    renderReport('/report/11', null);
    expect(await screen.findByRole('heading', { name: 'Workflows by status' })).toBeTruthy();
    expect(await screen.findByTestId('report-bar-chart')).toBeTruthy();
    fireEvent.click(screen.getByText('Table'));
    expect(await screen.findByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '1,234' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/reports/11/data.csv',
    );
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/report/11/edit');
  });

  it('hides Edit without can_change_process_report', async () => {
    renderReport('/dashboards/5/report/11', 5, VIEW_ONLY);
    await screen.findByRole('heading', { name: 'Workflows by status' });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it("is not found under another dashboard's path", async () => {
    renderReport('/dashboards/6/report/11', 6);
    expect(
      await screen.findByText('This dashboard or report does not exist, or you cannot see it.'),
    ).toBeTruthy();
  });

  it('renders nothing but a quiet note for an invalid stored config', async () => {
    const fetchMock = renderReport('/report/11', null, ALL, makeReport({ config: { attributes: 'all' } }));
    expect(await screen.findByTestId('report-invalid-config')).toBeTruthy();
    expect(callsTo(fetchMock, REPORT_PATHS.reportData(11))).toHaveLength(0);
  });

  it('preview shows the report without its actions', async () => {
    renderReport('/report/11?view=preview', null);
    await screen.findByRole('heading', { name: 'Workflows by status' });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Full screen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'All dashboards' })).toBeNull();
  });

  it('pages the table through every row, 100 at a time', async () => {
    const fetchMock = mockApi({
      [REPORT_PATHS.report(11)]: { body: makeReport() },
      [REPORT_PATHS.reportData(11)]: {
        body: {
          results: [
            ['Status', 'Count'],
            ['open', 1],
          ],
          count: 250,
        },
      },
    });
    renderWithProviders(<ReportPage reportId={11} dashboardId={null} permissions={ALL} />, {
      url: '/report/11',
    });
    fireEvent.click(await screen.findByText('Table'));
    fireEvent.click(await screen.findByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, REPORT_PATHS.reportData(11)).map(([url]) => String(url))).toContain(
        '/api/v1/reports/11/data/?limit=100&offset=200',
      ),
    );
  });
});
