import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { ReportBarChart } from './bar-chart';
import { countByStatus, renderChart, statusByRegion } from './test-utils';

const bars = (container: HTMLElement) => [...container.querySelectorAll('.recharts-bar-rectangle path')];
const valueLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.chart-value-label')].map((node) => node.textContent);

describe('ReportBarChart (spec 2 §2.8, §4.2)', () => {
  it('draws one bar per category with SI value labels always shown by default', () => {
    const { container } = renderChart(
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    expect(bars(container)).toHaveLength(3);
    expect(valueLabels(container)).toEqual(['1.23k', '2', '5']);
    expect(screen.getByTestId('chart-x-label').textContent).toBe('Status');
    expect(screen.getByTestId('chart-y-label').textContent).toBe('Count');
  });

  it('stacks the series when there are exactly 2 x-axis entries', () => {
    const { container } = renderChart(
      <ReportBarChart results={statusByRegion} dimensions={2} width={600} height={400} animate={false} />,
    );
    const rects = bars(container);
    expect(rects).toHaveLength(5);
    // Stacked: the EU and US bars of one category share the same x.
    const xOf = (node: Element) =>
      node.getAttribute('x') ?? node.getAttribute('d')?.match(/M\s*([\d.]+)/)?.[1];
    const groups = container.querySelectorAll('.recharts-bar');
    expect(groups).toHaveLength(2);
    const eu = bars(groups[0] as HTMLElement).map(xOf);
    const us = bars(groups[1] as HTMLElement).map(xOf);
    expect(us[0]).toBe(eu[0]);
  });

  it('groups the series side by side when the configuration says not stacked', () => {
    const { container } = renderChart(
      <ReportBarChart
        results={statusByRegion}
        dimensions={2}
        options={{ is_stacked_bar_chart: false }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    const groups = container.querySelectorAll('.recharts-bar');
    const firstPath = (group: Element) =>
      group.querySelector('.recharts-bar-rectangle path')?.getAttribute('d');
    expect(firstPath(groups[0] as Element)).not.toBe(firstPath(groups[1] as Element));
  });

  it('draws horizontal bars with Y-axis ticks truncated to 15 characters', () => {
    const results = [
      ['Region', 'Count'],
      ['A region with a very long name', 2],
    ];
    const { container } = renderChart(
      <ReportBarChart
        results={results}
        options={{ chart_orientation: 'horizontal' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    const ticks = [...container.querySelectorAll('.chart-y-tick')].map((node) => node.textContent);
    // Isolated: a name keeps its own order in either direction.
    expect(ticks).toContain(isolate('A region with a…'));
  });

  it('cuts category ticks at 15 characters (§9.1) so a long one does not hide its neighbours', () => {
    const results = [
      ['Status', 'Count'],
      ['A status with a name far too long for a tick', 1],
      ['Closed', 2],
      ['Review', 3],
    ];
    const { container } = renderChart(
      <ReportBarChart results={results} width={600} height={300} animate={false} />,
    );
    const ticks = [...container.querySelectorAll('.recharts-cartesian-axis-tick-value')].map(
      (node) => node.textContent,
    );
    expect(ticks).toEqual(['A status with a…', 'Closed', 'Review'].map(isolate));
  });

  it('calls onSelect with the active label and payload on click', () => {
    const onSelect = vi.fn();
    const { container } = renderChart(
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} onSelect={onSelect} />,
    );
    fireEvent.click(bars(container)[1] as Element);
    expect(onSelect).toHaveBeenCalledWith(
      'Closed',
      expect.objectContaining({ category: 'Closed', series: 'Count', value: 2 }),
    );
  });

  it('shows value labels on click only for the selected bar, and resets the selection when the mode changes', () => {
    const { container, rerender } = renderChart(
      <ReportBarChart
        results={countByStatus}
        options={{ show_value_on: 'click' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(valueLabels(container)).toEqual([]);
    fireEvent.click(bars(container)[2] as Element);
    expect(valueLabels(container)).toEqual(['5']);
    rerender(
      <ReportBarChart
        results={countByStatus}
        options={{ show_value_on: 'hover' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(valueLabels(container)).toEqual([]);
  });

  it('shows value labels on hover', () => {
    const { container } = renderChart(
      <ReportBarChart
        results={countByStatus}
        options={{ show_value_on: 'hover' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    fireEvent.mouseEnter(bars(container)[0] as Element);
    expect(valueLabels(container)).toEqual(['1.23k']);
    fireEvent.mouseLeave(bars(container)[0] as Element);
    expect(valueLabels(container)).toEqual([]);
  });

  it('swaps two categories when a bar is dragged onto another and reports the new data order', () => {
    const onDataOrderChange = vi.fn();
    const { container } = renderChart(
      <ReportBarChart
        results={countByStatus}
        width={600}
        height={400}
        animate={false}
        onDataOrderChange={onDataOrderChange}
      />,
    );
    fireEvent.mouseDown(bars(container)[0] as Element);
    expect(container.querySelectorAll('[data-dragging="true"]')).toHaveLength(1);
    fireEvent.mouseUp(bars(container)[2] as Element);
    expect(onDataOrderChange).toHaveBeenCalledWith(['Review', 'Closed', 'Open']);
    expect(container.querySelector('[data-dragging]')).toBeNull();
  });

  it('ends a drag released outside the chart without reordering', () => {
    const onDataOrderChange = vi.fn();
    const { container } = renderChart(
      <ReportBarChart
        results={countByStatus}
        width={600}
        height={400}
        animate={false}
        onDataOrderChange={onDataOrderChange}
      />,
    );
    fireEvent.mouseDown(bars(container)[0] as Element);
    fireEvent.mouseUp(window);
    fireEvent.mouseUp(bars(container)[2] as Element);
    expect(onDataOrderChange).not.toHaveBeenCalled();
    expect(container.querySelector('[data-dragging]')).toBeNull();
  });

  it('draws the bars in the saved data order', () => {
    const { container } = renderChart(
      <ReportBarChart
        results={countByStatus}
        options={{ data_order: ['Review', 'Open'] }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(valueLabels(container)).toEqual(['5', '1.23k', '2']);
  });

  it('shows percentages with 2 decimals when values display as percentages', () => {
    const { container } = renderChart(
      <ReportBarChart
        results={statusByRegion}
        dimensions={2}
        options={{ display_value_as_percentage: true, percentage_calculation_type: 'row' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(valueLabels(container)).toContain('75.00%');
    expect(valueLabels(container)).toContain('33.33%');
  });

  it('moves a focused bar with Alt and the arrow keys, and says so to screen readers', async () => {
    const onDataOrderChange = vi.fn();
    const { rerender } = renderChart(
      <ReportBarChart
        results={countByStatus}
        width={600}
        height={400}
        animate={false}
        onDataOrderChange={onDataOrderChange}
      />,
    );
    const open = screen.getByRole('button', {
      name: /^Open, Count: 1.23k\. Alt with the left or right arrow/,
    });
    open.focus();
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    expect(onDataOrderChange).not.toHaveBeenCalled();
    fireEvent.keyDown(open, { key: 'ArrowRight', altKey: true });
    expect(onDataOrderChange).toHaveBeenLastCalledWith(['Closed', 'Open', 'Review']);
    // The moved bar keeps the focus when the chart redraws in the new order.
    rerender(
      <ReportBarChart
        results={countByStatus}
        options={{ data_order: ['Closed', 'Open', 'Review'] }}
        width={600}
        height={400}
        animate={false}
        onDataOrderChange={onDataOrderChange}
      />,
    );
    await waitFor(() =>
      expect((document.activeElement as HTMLElement | null)?.dataset.barCategory).toBe('Open'),
    );
    const moved = document.activeElement as Element;
    // Closed is now first: Open moves back left, and no further.
    fireEvent.keyDown(moved, { key: 'ArrowLeft', altKey: true });
    expect(onDataOrderChange).toHaveBeenLastCalledWith(['Open', 'Closed', 'Review']);
    const first = screen.getByRole('button', { name: /^Closed, Count: 2\./ });
    fireEvent.keyDown(first, { key: 'ArrowLeft', altKey: true });
    expect(onDataOrderChange).toHaveBeenCalledTimes(2);
  });

  it('moves horizontal bars with Alt and the up and down arrow keys', () => {
    const onDataOrderChange = vi.fn();
    renderChart(
      <ReportBarChart
        results={countByStatus}
        options={{ chart_orientation: 'horizontal', data_order: ['Review', 'Open', 'Closed'] }}
        width={600}
        height={400}
        animate={false}
        onDataOrderChange={onDataOrderChange}
      />,
    );
    const open = screen.getByRole('button', { name: /^Open, Count: 1.23k\. Alt with the up or down arrow/ });
    fireEvent.keyDown(open, { key: 'ArrowRight', altKey: true });
    expect(onDataOrderChange).not.toHaveBeenCalled();
    fireEvent.keyDown(open, { key: 'ArrowUp', altKey: true });
    expect(onDataOrderChange).toHaveBeenCalledWith(['Open', 'Review', 'Closed']);
  });

  it("adds each bar's share to its value label when show_percentages_in_value_labels is on", () => {
    const { container, rerender } = renderChart(
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    expect(valueLabels(container)).toEqual(['1.23k', '2', '5']);
    rerender(
      <ReportBarChart
        results={countByStatus}
        options={{ show_percentages_in_value_labels: true }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    // One series: shares of its total (1234 + 2 + 5 = 1241), 2 decimals (§9.1).
    expect(valueLabels(container)).toEqual(['1.23k (99.44%)', '2 (0.16%)', '5 (0.40%)']);
    // Several series: shares by percentage_calculation_type, here of each category (row).
    rerender(
      <ReportBarChart
        results={statusByRegion}
        dimensions={2}
        options={{ show_percentages_in_value_labels: true, percentage_calculation_type: 'row' }}
        width={600}
        height={400}
        animate={false}
      />,
    );
    expect(valueLabels(container)).toContain('3 (75.00%)');
    expect(valueLabels(container)).toContain('1 (25.00%)');
  });

  it('shows the empty state without results, or the supplied error', () => {
    renderChart(<ReportBarChart results={[['Status', 'Count']]} width={600} />);
    expect(screen.getByText('There are no results for this Report')).toBeTruthy();
    renderChart(<ReportBarChart results={countByStatus} error="The report could not run." width={600} />);
    expect(screen.getByText('The report could not run.')).toBeTruthy();
  });
});
