import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { ReportScatterChart } from './scatter-chart';
import { ReportSpiderChart } from './spider-chart';
import { countByStatus, renderChart } from './test-utils';

describe('ReportScatterChart (spec 2 §2.8, §4.2)', () => {
  it('draws a point per category and calls onSelect on click', () => {
    const onSelect = vi.fn();
    const { container } = renderChart(
      <ReportScatterChart
        results={countByStatus}
        width={600}
        height={400}
        animate={false}
        onSelect={onSelect}
      />,
    );
    const points = [...container.querySelectorAll('.recharts-scatter-symbol')];
    expect(points).toHaveLength(3);
    fireEvent.click(points[1]?.querySelector('path') ?? (points[1] as Element));
    expect(onSelect).toHaveBeenCalledWith('Closed', expect.objectContaining({ value: 2, series: 'Count' }));
  });

  it('shows the empty state without results', () => {
    renderChart(<ReportScatterChart results={null} width={600} />);
    expect(screen.getByText('There are no results for this Report')).toBeTruthy();
  });
});

describe('ReportSpiderChart (spec 2 §2.8, §9.1)', () => {
  it('truncates spider tick text to 50 characters', () => {
    const long = 'A status whose name is much longer than fifty characters in all';
    const results = [
      ['Status', 'Count'],
      [long, 1],
      ['Open', 2],
      ['Closed', 3],
    ];
    const { container } = renderChart(
      <ReportSpiderChart results={results} width={600} height={400} animate={false} />,
    );
    const ticks = [...container.querySelectorAll('.chart-spider-tick')].map(
      (node) => node.lastChild?.textContent,
    );
    expect(ticks).toContain(isolate(`${long.slice(0, 50)}…`));
    expect(ticks).toContain(isolate('Open'));
    expect(container.querySelectorAll('.recharts-radar')).toHaveLength(1);
  });

  it('calls onSelect when a point is clicked, and shows value labels on click for it only', () => {
    const onSelect = vi.fn();
    const { container } = renderChart(
      <ReportSpiderChart
        results={countByStatus}
        options={{ show_value_on: 'click' }}
        width={600}
        height={400}
        animate={false}
        onSelect={onSelect}
      />,
    );
    const points = [...container.querySelectorAll('.chart-spider-point')];
    expect(points).toHaveLength(3);
    expect(container.querySelectorAll('.chart-value-label')).toHaveLength(0);
    fireEvent.click(points[2] as Element);
    expect(onSelect).toHaveBeenCalledWith('Review', expect.objectContaining({ value: 5 }));
    expect([...container.querySelectorAll('.chart-value-label')].map((n) => n.textContent)).toEqual(['5']);
  });
});
