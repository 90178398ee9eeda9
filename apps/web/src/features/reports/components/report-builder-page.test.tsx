import { REPORT_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ReportBuilderPage } from './report-builder-page';
import { makeReport, page } from './test-data';

function renderBuilder(url: string, reportId: number | null) {
  const fetchMock = mockApi({
    [WORKFLOW_PATHS.kinds]: { body: page([]) },
    [REPORT_PATHS.reports]: { body: makeReport({ id: 12 }) },
    [REPORT_PATHS.preview]: {
      body: {
        results: [
          ['Status', 'Region', 'Count'],
          ['Open', 'North', 3],
        ],
        count: 1,
      },
    },
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

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const bodies = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  callsTo(fetchMock, path).map(([, init]) => JSON.parse(String(init?.body)));

// Many comboboxes, a debounced preview: slow when the machine's two cores are shared.
describe('ReportBuilderPage', { timeout: 60_000 }, () => {
  it('grouping by status and region previews both group-bys, the second as the secondary x-axis', async () => {
    const { fetchMock } = renderBuilder('/dashboards/5/report/new', null);
    await screen.findByRole('textbox', { name: 'Name' });
    await choose('Group by', 'Status');
    await choose('Group by', 'Region');
    await waitFor(
      () => {
        const last = bodies(fetchMock, REPORT_PATHS.preview).at(-1);
        expect(last?.config.group_by).toMatchObject([
          {
            source: 'workflow__status_label',
            extra_json: { label: 'Status', is_for_secondary_x_axis: false },
          },
          { source: 'workflow__region_name', extra_json: { label: 'Region', is_for_secondary_x_axis: true } },
        ]);
        expect(last?.config.operations).toMatchObject([{ function: 'count', label: 'Count', arguments: [] }]);
      },
      { timeout: 5000 },
    );
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
  });

  it('showing value labels on hover is saved as show_value_on "hover", then the dashboard opens', async () => {
    const { fetchMock, router } = renderBuilder('/dashboards/5/report/new', null);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'By status' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Chart options/ }));
    await screen.findByRole('combobox', { name: 'Show value labels on' }, { timeout: 3000 });
    await choose('Show value labels on', 'Hover');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/5'));
    const [body] = bodies(fetchMock, REPORT_PATHS.reports);
    expect(body).toMatchObject({
      dashboard_id: 5,
      name: 'By status',
      config: {
        chart_type: 'BAR_CHART',
        other_configurations: { show_value_on: 'hover', show_value_labels: true },
      },
    });
  });

  it('adding the name column shows the hidden helper columns it brings (§3.5)', async () => {
    renderBuilder('/dashboards/5/report/new', null);
    await screen.findByRole('textbox', { name: 'Name' });
    await choose('Columns', 'Name');
    const helpers = screen.getByRole('group', { name: 'Added automatically (hidden):' });
    expect(within(helpers).getByText('Status tag')).toBeTruthy();
    expect(within(helpers).getByText('Cycle running')).toBeTruthy();
  });

  it('an unreadable stored config shows the note and starts from the defaults', async () => {
    renderBuilder('/dashboards/5/report/11/edit', 11);
    expect(
      await screen.findByText(
        'The saved configuration of this report cannot be read, so the builder starts from the defaults. Saving replaces it.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'Workflows by status',
    );
    expect((screen.getByRole('combobox', { name: 'Chart type' }) as HTMLInputElement).value).toBe(
      'Bar chart',
    );
  });
});
