import { PREFERENCE_PATHS, REPORT_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { DashboardPage } from './dashboard-page';
import { ALL, makeDashboard, makeReport, page, VIEW_ONLY } from './test-data';

function renderDashboard(reports: ReturnType<typeof makeReport>[], permissions = ALL, url = '/dashboard/5') {
  const fetchMock = mockApi({
    [REPORT_PATHS.dashboard(5)]: { body: makeDashboard({ report_count: reports.length }) },
    [REPORT_PATHS.dashboardReports(5)]: { body: { results: reports, count: reports.length } },
    [REPORT_PATHS.reportData(11)]: {
      body: {
        results: [
          ['Status', 'Count'],
          ['open', 4],
          ['closed', 2],
        ],
        count: 2,
      },
    },
    [PREFERENCE_PATHS.preferences]: { body: page([]) },
  });
  renderWithProviders(<DashboardPage dashboardId={5} permissions={permissions} />, { url });
  return fetchMock;
}

describe('DashboardPage', () => {
  it('shows each report as a titled card with the chart of its type', async () => {
    renderDashboard([makeReport()]);
    expect(await screen.findByRole('heading', { name: 'Operations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Workflows by status' }).getAttribute('href')).toBe(
      '/dashboards/5/report/11',
    );
    expect(await screen.findByTestId('report-bar-chart')).toBeTruthy();
  });

  it('offers add, edit and delete only with their permissions', async () => {
    renderDashboard([makeReport()], VIEW_ONLY);
    await screen.findByRole('link', { name: 'Workflows by status' });
    expect(screen.queryByRole('link', { name: 'Add report' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Workflows by status' }));
    expect(await screen.findByRole('menuitem', { name: 'Open' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('offers the chart as a PNG in the card menu, except for the heat map, which is a table', async () => {
    renderDashboard([
      makeReport(),
      makeReport({ id: 12, name: 'Status by region', chart_type: 'HEAT_MAP_CHART' }),
    ]);
    await screen.findByRole('link', { name: 'Workflows by status' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Workflows by status' }));
    expect(await screen.findByRole('menuitem', { name: 'Download PNG' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Status by region' }));
    expect(await screen.findByRole('menuitem', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Download PNG' })).toBeNull();
  });

  it('says when the dashboard has no reports', async () => {
    renderDashboard([]);
    expect(await screen.findByText('This dashboard has no reports yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add report' }).getAttribute('href')).toBe(
      '/dashboards/5/report/new',
    );
  });

  it('renders nothing for a report whose stored config is invalid, and never asks for its data', async () => {
    const broken = makeReport({
      id: 12,
      name: 'Broken',
      config: { chart_type: 'DONUT', group_by: 'status' },
    });
    const fetchMock = renderDashboard([broken, makeReport()]);
    expect(
      await screen.findByText('This report’s configuration cannot be read, so nothing is shown.'),
    ).toBeTruthy();
    // The other report still shows.
    expect(await screen.findByTestId('report-bar-chart')).toBeTruthy();
    expect(callsTo(fetchMock, REPORT_PATHS.reportData(12))).toHaveLength(0);
  });

  it('full screen hides the menus and offers a way back', async () => {
    renderDashboard([makeReport()], ALL, '/dashboard/5?view=fullScreen_dashboard');
    expect(await screen.findByTestId('report-full-screen')).toBeTruthy();
    await screen.findByRole('link', { name: 'Workflows by status' });
    expect(screen.queryByRole('button', { name: 'Actions for Workflows by status' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Exit full screen' }).getAttribute('href')).toBe('/dashboard/5');
  });

  it('shows the spec’s empty text when a report has no results', async () => {
    mockApi({
      [REPORT_PATHS.dashboard(5)]: { body: makeDashboard() },
      [REPORT_PATHS.dashboardReports(5)]: { body: { results: [makeReport()], count: 1 } },
      [REPORT_PATHS.reportData(11)]: { body: { results: [['Status', 'Count']], count: 0 } },
      [PREFERENCE_PATHS.preferences]: { body: page([]) },
    });
    renderWithProviders(<DashboardPage dashboardId={5} permissions={ALL} />, { url: '/dashboard/5' });
    expect(await screen.findByText('There are no results for this Report')).toBeTruthy();
  });

  it('marks a report as a favourite through the favorite_reports preference', async () => {
    const fetchMock = renderDashboard([makeReport()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, PREFERENCE_PATHS.preferences).some(([, init]) => init?.method === 'POST'),
      ).toBe(true),
    );
    const post = callsTo(fetchMock, PREFERENCE_PATHS.preferences).find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      kind: 'favorite_reports',
      name: 'Workflows by status #11',
      value: { report_id: 11 },
    });
  });

  it('renames and deletes the dashboard from its own menu, by permission', async () => {
    renderDashboard([], { canAdd: false, canChange: true, canDelete: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Operations' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(((await screen.findByRole('textbox', { name: /Name/ })) as HTMLInputElement).value).toBe(
      'Operations',
    );
  });

  it('has no dashboard menu for a viewer', async () => {
    renderDashboard([], VIEW_ONLY);
    await screen.findByText('This dashboard has no reports yet.');
    expect(screen.queryByRole('button', { name: 'Actions for Operations' })).toBeNull();
  });
});
