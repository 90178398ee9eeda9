import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportPieChart } from './pie-chart';
import { countByStatus, renderChart } from './test-utils';

const sectors = (container: HTMLElement) => [...container.querySelectorAll('.recharts-pie-sector path')];
const valueLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.chart-value-label')].map((node) => node.textContent);

const shares = [
  ['Status', 'Count'],
  ['Open', 2],
  ['Closed', 1],
  ['Review', 0.03],
];

describe('ReportPieChart (spec 2 §2.8, §9.1)', () => {
  it('draws a slice per category with value labels', () => {
    const { container } = renderChart(
      <ReportPieChart results={countByStatus} width={500} height={400} animate={false} />,
    );
    expect(sectors(container)).toHaveLength(3);
    expect(valueLabels(container)).toEqual(['1.23k', '2', '5']);
  });

  it('shows percentages with 4 significant digits and hides labels at or below the threshold', () => {
    const { container } = renderChart(
      <ReportPieChart
        results={shares}
        options={{ show_percentages_in_value_labels: true, percentage_threshold: 1 }}
        width={500}
        height={400}
        animate={false}
      />,
    );
    // 2 / 3.03 = 66.0066 %, 1 / 3.03 = 33.0033 %, 0.03 / 3.03 = 0.99 % (hidden: at or below 1).
    expect(valueLabels(container)).toEqual(['66.01%', '33%']);
  });

  it('draws concentric pies, one ring per value column, labelled (min), (max) and (avg) for cycle times', async () => {
    const results = [
      ['Step', 'Minimum Cycle Time', 'Maximum Cycle Time', 'Average Cycle Time'],
      ['Review', 60, 7200, 600],
      ['Approval', 30, 3600, 300],
    ];
    const { container } = renderChart(
      <ReportPieChart results={results} width={500} height={400} animate={false} />,
    );
    expect(container.querySelectorAll('.recharts-pie')).toHaveLength(3);
    expect(sectors(container)).toHaveLength(6);
    // The legend fills in after the first layout pass.
    await waitFor(() => {
      const legend = [...container.querySelectorAll('.recharts-legend-item-text')].map(
        (node) => node.textContent,
      );
      expect(legend).toContain('Review (min)');
    });
    expect(valueLabels(container)).toContain('2h 0m');
  });

  it('calls onSelect with the slice label and payload', () => {
    const onSelect = vi.fn();
    const { container } = renderChart(
      <ReportPieChart results={countByStatus} width={500} height={400} animate={false} onSelect={onSelect} />,
    );
    fireEvent.click(sectors(container)[1] as Element);
    expect(onSelect).toHaveBeenCalledWith(
      'Closed',
      expect.objectContaining({ category: 'Closed', value: 2 }),
    );
  });

  it('shows the supplied error instead of a chart', () => {
    renderChart(<ReportPieChart results={countByStatus} error="Broken" width={500} />);
    expect(screen.getByText('Broken')).toBeTruthy();
  });
});
