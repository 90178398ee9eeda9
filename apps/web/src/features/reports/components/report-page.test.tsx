import { REPORT_PATHS } from '@attest/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockApi } from '../../../test/fetch-mock';
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

// The page's chart fills its box: give the box a size, as a browser would, so the bars are drawn.
function withLaidOutCharts() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 400 }),
  );
}
afterEach(() => vi.restoreAllMocks());

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

  it('saves a moved bar order with the report when the user may change it', async () => {
    withLaidOutCharts();
    const saved: unknown[] = [];
    const fetchMock = mockApi({
      [REPORT_PATHS.report(11)]: () => ({ body: makeReport() }),
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
    renderWithProviders(<ReportPage reportId={11} dashboardId={null} permissions={ALL} />, {
      url: '/report/11',
    });
    const open = await screen.findByRole('button', { name: /^open, Count: 1.23k/ });
    fireEvent.keyDown(open, { key: 'ArrowRight', altKey: true });
    await waitFor(() => {
      const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
      expect(patches).toHaveLength(1);
      saved.push(JSON.parse(String(patches[0]?.[1]?.body)));
    });
    expect(saved[0]).toMatchObject({ config: { other_configurations: { data_order: ['closed', 'open'] } } });
    expect(saved[0]).toMatchObject({ config: { group_by: [{ source: 'workflow__status_tag' }] } });
  });

  it('keeps a moved bar order for the session only without can_change_process_report', async () => {
    withLaidOutCharts();
    const fetchMock = renderReport('/report/11', null, VIEW_ONLY);
    const open = await screen.findByRole('button', { name: /^open, Count: 1.23k/ });
    fireEvent.keyDown(open, { key: 'ArrowRight', altKey: true });
    await waitFor(() => {
      const labels = [...document.querySelectorAll('.chart-value-label')].map((node) => node.textContent);
      expect(labels).toEqual(['2', '1.23k']);
    });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('offers the chart as a PNG download', async () => {
    renderReport('/report/11', null);
    await screen.findByTestId('report-bar-chart');
    const png = screen.getByRole('button', { name: 'Download PNG' });
    expect(png.hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByText('Table'));
    expect(screen.getByRole('button', { name: 'Download PNG' }).hasAttribute('disabled')).toBe(true);
  });

  it('sorts by the first group-by and clears the dragged order (spec 2 §4.2)', async () => {
    const report = makeReport({
      config: { ...makeReport().config, other_configurations: { data_order: ['closed', 'open'] } },
    });
    const fetchMock = renderReport('/report/11', null, ALL, report);
    await screen.findByTestId('report-bar-chart');
    fireEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      config: {
        order_by: [{ type: 'column', source: 'workflow__status_tag', ordering: 'ASC' }],
        other_configurations: { data_order: [] },
      },
    });
  });

  it('does not let a viewer without can_change_process_report sort', async () => {
    renderReport('/report/11', null, VIEW_ONLY);
    await screen.findByTestId('report-bar-chart');
    expect(
      screen
        .getByRole('button', { name: 'Sorting is not available for this field' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('puts the saved order back and says so when the new order cannot be saved', async () => {
    withLaidOutCharts();
    const fetchMock = mockApi({
      [REPORT_PATHS.report(11)]: { body: makeReport() },
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
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PATCH'
        ? jsonResponse({ status: 400, body: { detail: 'The report configuration is not valid.' } })
        : (answer as typeof fetch)(input, init),
    );
    renderWithProviders(
      <>
        <Notifications />
        <ReportPage reportId={11} dashboardId={null} permissions={ALL} />
      </>,
      { url: '/report/11' },
    );
    // Moved until the new order is sent: on a loaded machine the bar can be found before the page
    // lets it be reordered, and a key pressed then does nothing.
    const patched = () => fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH');
    await waitFor(
      async () => {
        if (!patched()) {
          const open = await screen.findByRole('button', { name: /^open, Count: 1.23k/ });
          fireEvent.keyDown(open, { key: 'ArrowRight', altKey: true });
        }
        expect(patched()).toBe(true);
      },
      { timeout: 5000 },
    );
    // The refusal comes back through the PATCH and the mutation's error handler: on a loaded CI
    // machine that took longer than findByText's default second.
    expect(
      await screen.findByText(
        'The new order could not be saved. The report shows its saved order again.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await waitFor(() => {
      const labels = [...document.querySelectorAll('.chart-value-label')].map((node) => node.textContent);
      expect(labels).toEqual(['1.23k', '2']);
    });
    // The test's own time must exceed its 5 s wait for the refusal, or a slow machine fails it on the
    // test timeout (5 s by default) before the wait is over.
  }, 20_000);

  it("shows a report that could not run as the chart's empty state with the server's text (§2.8)", async () => {
    mockApi({
      [REPORT_PATHS.report(11)]: { body: makeReport() },
      [REPORT_PATHS.reportData(11)]: {
        status: 400,
        body: { detail: 'The report configuration is not valid.', code: 'invalid' },
      },
    });
    renderWithProviders(<ReportPage reportId={11} dashboardId={null} permissions={ALL} />, {
      url: '/report/11',
    });
    const empty = await screen.findByTestId('chart-empty');
    expect(empty.textContent).toContain('The report configuration is not valid.');
  });
});
