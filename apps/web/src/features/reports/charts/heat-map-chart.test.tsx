import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportHeatMapChart } from './heat-map-chart';
import { renderChart } from './test-utils';

const grouped = [
  ['Region', 'Year', 'Status', 'Count'],
  ['EU', '2025', 'Open', 3],
  ['EU', '2025', 'Closed', 1],
  ['EU', '2026', 'Open', 4],
  ['US', '2025', 'Open', 2],
  ['US', '2026', 'Open', 5],
];

const headers = (container: HTMLElement) =>
  [...container.querySelectorAll('thead tr:last-child th')].map((node) => node.textContent);

describe('ReportHeatMapChart (spec 2 §2.8, §4.2, §9.1)', () => {
  it('shows the pivot with Sub total, Average, Grand subtotal and Grand average', () => {
    const { container } = renderChart(<ReportHeatMapChart results={grouped} />);
    expect(headers(container)).toEqual([
      'Region',
      'Open',
      'Closed',
      'Sub total',
      'Average',
      'Open',
      'Sub total',
      'Average',
      'Grand subtotal',
      'Grand average',
    ]);
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'EU',
      'US',
      'Sub total',
      'Average',
    ]);
    const eu = [...(rows[0] as HTMLElement).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(eu).toEqual(['3', '1', '4', '2', '4', '4', '4', '8', '2.67']);
  });

  it('takes its rows and columns from the group-by columns when told how many there are', () => {
    const twoMeasures = [
      ['Region', 'Status', 'Count', 'Sum'],
      ['EU', 'Open', 3, 30],
      ['US', 'Open', 2, 20],
    ];
    const { container } = renderChart(<ReportHeatMapChart results={twoMeasures} dimensions={2} />);
    // Each measure is a column group of its own: neither hides the other.
    const groups = [...container.querySelectorAll('thead tr:first-child th')].map((node) => node.textContent);
    expect(groups).toEqual(['', 'Count', 'Sum', '']);
    expect(headers(container)).toEqual([
      'Region',
      'Open',
      'Sub total',
      'Average',
      'Open',
      'Sub total',
      'Average',
      'Grand subtotal',
      'Grand average',
    ]);
    const eu = [...(container.querySelector('tbody tr') as HTMLElement).querySelectorAll('td')];
    expect(eu.map((cell) => cell.textContent)).toEqual(['3', '3', '3', '30', '30', '30', '33', '16.5']);
  });

  it('shows the measures as columns with a single group-by', () => {
    const byStatus = [
      ['Status', 'Count', 'Sum'],
      ['Open', 3, 30],
      ['Closed', 2, 20],
    ];
    const { container } = renderChart(<ReportHeatMapChart results={byStatus} dimensions={1} />);
    expect(headers(container)).toEqual(['Status', 'Count', 'Sum', 'Sub total', 'Average']);
  });

  it('draws the value columns in the saved data order, each within its group', () => {
    const key = (group: string, name: string) => JSON.stringify([group, name]);
    const { container } = renderChart(
      <ReportHeatMapChart
        results={grouped}
        options={{ data_order: [key('2025', 'Closed'), key('2025', 'Open')] }}
      />,
    );
    expect(headers(container).slice(1, 4)).toEqual(['Closed', 'Open', 'Sub total']);
  });

  it('shows the empty state with fewer than 3 columns or the minimum cycle time column', () => {
    renderChart(
      <ReportHeatMapChart
        results={[
          ['Status', 'Count'],
          ['Open', 1],
        ]}
      />,
    );
    expect(screen.getByText('There are no results for this Report')).toBeTruthy();
  });

  it('moves a column within its parent group and reports the new column order', () => {
    const onColumnOrderChange = vi.fn();
    const { container } = renderChart(
      <ReportHeatMapChart results={grouped} onColumnOrderChange={onColumnOrderChange} />,
    );
    const row = container.querySelector('thead tr:last-child') as HTMLElement;
    const [open2025, closed2025] = within(row).getAllByRole('columnheader').slice(1);
    fireEvent.dragStart(closed2025 as Element);
    fireEvent.dragOver(open2025 as Element);
    expect(open2025?.getAttribute('data-drop')).toBe('valid');
    fireEvent.drop(open2025 as Element);
    expect(headers(container).slice(1, 3)).toEqual(['Closed', 'Open']);
    expect(onColumnOrderChange).toHaveBeenCalledWith([
      JSON.stringify(['2025', 'Closed']),
      JSON.stringify(['2025', 'Open']),
      JSON.stringify(['2026', 'Open']),
    ]);
  });

  it('marks a drop into another parent group, or onto a summary column, invalid', () => {
    const onColumnOrderChange = vi.fn();
    const { container } = renderChart(
      <ReportHeatMapChart results={grouped} onColumnOrderChange={onColumnOrderChange} />,
    );
    const cells = [...container.querySelectorAll('thead tr:last-child th')];
    const open2025 = cells[1] as Element;
    const open2026 = cells[5] as Element;
    const subtotal = cells[3] as Element;
    fireEvent.dragStart(open2025);
    fireEvent.dragOver(open2026);
    expect(open2026.getAttribute('data-drop')).toBe('invalid');
    fireEvent.dragOver(subtotal);
    expect(subtotal.getAttribute('data-drop')).toBe('invalid');
    fireEvent.drop(open2026);
    expect(onColumnOrderChange).not.toHaveBeenCalled();
    expect(headers(container)[1]).toBe('Open');
  });

  it('marks the clicked cell (row index and column key) and calls onSelect', () => {
    const onSelect = vi.fn();
    const { container } = renderChart(<ReportHeatMapChart results={grouped} onSelect={onSelect} />);
    const cell = container.querySelectorAll('tbody tr')[1]?.querySelectorAll('td')[0] as Element;
    fireEvent.click(cell);
    expect(cell.getAttribute('data-active')).toBe('true');
    expect(onSelect).toHaveBeenCalledWith(
      'US',
      expect.objectContaining({
        series: 'Open',
        value: 2,
        row: expect.objectContaining({ rowIndex: 1, columnKey: JSON.stringify(['2025', 'Open']) }),
      }),
    );
  });

  it('keeps every tile inside its scrolling frame, left to right and right to left', () => {
    for (const dir of ['ltr', 'rtl']) {
      document.documentElement.dir = dir;
      const { container, unmount } = renderChart(<ReportHeatMapChart results={grouped} />);
      const frame = screen.getByTestId('report-heat-map-chart');
      // The frame scrolls rather than growing past its card, where the card would clip the last tile.
      expect(frame.style.overflow).toBe('auto');
      expect(frame.style.maxWidth).toBe('100%');
      expect(Number.parseFloat(frame.style.minWidth)).toBe(0);
      // The collapsed outer border spills half outside the table: the inset keeps it visible.
      expect(frame.style.padding).toBe('1px');
      const table = container.querySelector('table') as HTMLElement;
      expect(table.style.width).toBe('max-content');
      expect(table.style.minWidth).toBe('100%');
      unmount();
    }
    document.documentElement.dir = 'ltr';
  });
});
