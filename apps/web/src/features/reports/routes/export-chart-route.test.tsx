import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { ExportChartRoute } from './export-chart-route';

const results = [
  ['Status', 'Count'],
  ['Open', 1234],
  ['Closed', 2],
];

function openExport(data: string | null) {
  const url = data === null ? '/login/export-chart' : `/login/export-chart?data=${encodeURIComponent(data)}`;
  return renderRoutes(
    [
      { path: '/login/export-chart', element: <ExportChartRoute /> },
      { path: '/', element: <p>Home</p> },
    ],
    { url },
  );
}

describe('ExportChartRoute (spec 2 §2.7 chart export screen)', () => {
  it('draws the configured chart from the data, with its client-named options', () => {
    openExport(
      JSON.stringify({
        graphConfig: { chartType: 'BAR_CHART', chartConfig: { showLegend: 'none', showYAxisLabel: false } },
        data: results,
      }),
    );
    expect(screen.getByTestId('chart-export')).toBeTruthy();
    expect(screen.getByTestId('report-bar-chart')).toBeTruthy();
    const labels = [...document.querySelectorAll('.chart-value-label')].map((node) => node.textContent);
    expect(labels).toEqual(['1.23k', '2']);
    expect(screen.queryByTestId('chart-y-label')).toBeNull();
    expect(screen.getByTestId('chart-x-label').textContent).toBe('Status');
  });

  it('draws a line chart when no chart type is given, without animation', () => {
    openExport(JSON.stringify({ data: results }));
    expect(screen.getByTestId('report-line-chart')).toBeTruthy();
    // Without animation the line is drawn whole at once: no dash animation on its path.
    const line = document.querySelector('.recharts-line-curve');
    expect(line?.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('shows the error as the empty state', () => {
    openExport(
      JSON.stringify({ graphConfig: { chartType: 'PIE_CHART' }, data: [], error: 'The report timed out.' }),
    );
    expect(screen.getByTestId('chart-empty').textContent).toBe('The report timed out.');
  });

  it('sends the visitor home, replacing the history entry, when data is missing or unreadable', () => {
    const missing = openExport(null);
    expect(missing.router.state.location.pathname).toBe('/');
    expect(missing.router.state.historyAction).toBe('REPLACE');
    missing.result.unmount();
    const broken = openExport('{not json');
    expect(broken.router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home')).toBeTruthy();
  });
});
