import { describe, expect, it } from 'vitest';
import {
  decodeChartExport,
  exportChartDimensions,
  exportChartOptions,
  exportChartResults,
} from './decode-chart-export';

describe('chart export data (spec 2 §2.7)', () => {
  it('decodes URI-encoded and base64 JSON, with the report and chart type defaults', () => {
    const payload = { graphConfig: { chartConfig: { showLegend: 'none' } }, data: [['A', 'B']] };
    const plain = decodeChartExport(JSON.stringify(payload));
    expect(plain).toMatchObject({ reportType: 'Workflow Report', graphConfig: { chartType: 'LINE_CHART' } });
    expect(decodeChartExport(btoa(JSON.stringify(payload)))).toEqual(plain);
    expect(decodeChartExport('not json')).toBeNull();
    expect(decodeChartExport(null)).toBeNull();
  });

  it('maps the client-named chart options (§3.7) to other_configurations, with defaults', () => {
    const options = exportChartOptions({
      showLegend: 'top',
      shouldShowValueLabels: false,
      shouldShowPercentagesInValueLabels: true,
      colors: { activeColorType: 'spectrum', spectrum: ['#ff0000'] },
      dataOrder: ['Closed', 'Open'],
      geoMapTheme: 'dark',
    });
    expect(options).toMatchObject({
      show_legend: 'top',
      show_value_labels: false,
      show_percentages_in_value_labels: true,
      colors: { active_color_type: 'spectrum', spectrum: ['#ff0000'] },
      data_order: ['Closed', 'Open'],
      geo_map_theme: 'dark',
      // Not given: the §3.7 defaults.
      chart_orientation: 'vertical',
      scale: 5,
      precision: 0,
    });
  });

  it('drops an invalid or unknown option and keeps the rest', () => {
    const options = exportChartOptions({ showLegend: 'sideways', valueLabelAngle: 45, somethingElse: 1 });
    expect(options.show_legend).toBe('bottom');
    expect(options.value_label_angle).toBe(45);
    expect(exportChartOptions('nonsense').show_legend).toBe('bottom');
  });

  it("reads a whole client configuration's otherConfig and xAxis", () => {
    const config = { xAxis: [{}, {}], otherConfig: { chartOrientation: 'horizontal' } };
    expect(exportChartOptions(config).chart_orientation).toBe('horizontal');
    expect(exportChartDimensions(config)).toBe(2);
    expect(exportChartDimensions({})).toBe(1);
  });

  it('takes the results as rows or from { results, count }', () => {
    const rows = [
      ['Status', 'Count'],
      ['Open', 1],
    ];
    expect(exportChartResults(rows)).toEqual(rows);
    expect(exportChartResults({ results: rows, count: 1 })).toEqual(rows);
    expect(exportChartResults('rows')).toBeNull();
    expect(exportChartResults([1, 2])).toBeNull();
  });
});
