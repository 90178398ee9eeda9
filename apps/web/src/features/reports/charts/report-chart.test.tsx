import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportChart } from './report-chart';
import { countByStatus, renderChart } from './test-utils';

describe('ReportChart', () => {
  it('draws a line chart by default (spec 2 §2.7)', () => {
    renderChart(<ReportChart results={countByStatus} width={500} height={300} animate={false} />);
    expect(screen.getByTestId('report-line-chart')).toBeTruthy();
  });

  it('draws the configured chart type', () => {
    renderChart(
      <ReportChart chartType="BAR_CHART" results={countByStatus} width={500} height={300} animate={false} />,
    );
    expect(screen.getByTestId('report-bar-chart')).toBeTruthy();
    renderChart(
      <ReportChart chartType="PIE_CHART" results={countByStatus} width={500} height={300} animate={false} />,
    );
    expect(screen.getByTestId('report-pie-chart')).toBeTruthy();
    const pivot = [
      ['Region', 'Status', 'Count'],
      ['EU', 'Open', 1],
    ];
    renderChart(<ReportChart chartType="HEAT_MAP_CHART" results={pivot} />);
    expect(screen.getByTestId('report-heat-map-chart')).toBeTruthy();
  });

  it('says when a chart type is not available', () => {
    renderChart(<ReportChart chartType="FUNNEL_CHART" results={countByStatus} width={500} />);
    expect(screen.getByText('This chart type is not available yet.')).toBeTruthy();
  });
});
