import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportLineChart } from './line-chart';
import { countByStatus, renderChart, statusByRegion } from './test-utils';

const points = (container: HTMLElement) => [...container.querySelectorAll('.chart-line-point')];
const valueLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.chart-value-label')].map((node) => node.textContent);

describe('ReportLineChart (spec 2 §2.8, §4.2)', () => {
  it('draws one line per series with a point per category', () => {
    const { container } = renderChart(
      <ReportLineChart results={statusByRegion} dimensions={2} width={600} height={400} animate={false} />,
    );
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(2);
    expect(points(container)).toHaveLength(5);
    expect(valueLabels(container)).toContain('3');
  });

  it('calls onSelect with the active label and payload when a point is clicked, marking it active', () => {
    const onSelect = vi.fn();
    const { container } = renderChart(
      <ReportLineChart
        results={countByStatus}
        width={600}
        height={400}
        animate={false}
        onSelect={onSelect}
      />,
    );
    fireEvent.click(points(container)[2] as Element);
    expect(onSelect).toHaveBeenCalledWith('Review', expect.objectContaining({ series: 'Count', value: 5 }));
    expect(container.querySelectorAll('.chart-line-point[data-active="true"]')).toHaveLength(1);
  });

  it('shows value labels on click for the selected point only', () => {
    const { container } = renderChart(
      <ReportLineChart
        results={countByStatus}
        options={{ show_value_on: 'click' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(valueLabels(container)).toEqual([]);
    fireEvent.click(points(container)[0] as Element);
    expect(valueLabels(container)).toEqual(['1.23k']);
  });

  it('formats cycle-time values as durations and names the column in the viewer language', () => {
    const results = [
      ['Month', 'Average Cycle Time'],
      ['2026-01-01', 90_000],
      ['2026-02-01', 3_700],
    ];
    const { container } = renderChart(
      <ReportLineChart results={results} width={600} height={400} animate={false} />,
    );
    expect(valueLabels(container)).toEqual(['1d 1h', '1h 1m']);
    expect(screen.getByTestId('chart-y-label').textContent).toBe('Average Cycle Time');
  });

  it('hides the axis labels when the configuration turns them off, and uses given labels', () => {
    renderChart(
      <ReportLineChart
        results={countByStatus}
        options={{ show_x_axis_label: false, y_axis_label: 'Workflows' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(screen.queryByTestId('chart-x-label')).toBeNull();
    expect(screen.getByTestId('chart-y-label').textContent).toBe('Workflows');
  });

  it('shows the empty state without results', () => {
    renderChart(<ReportLineChart results={null} width={600} />);
    expect(screen.getByText('There are no results for this Report')).toBeTruthy();
  });
});
