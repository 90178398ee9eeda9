import { describe, expect, it } from 'vitest';
import { ReportBarChart } from './bar-chart';
import { chartSurface, exportSvgMarkup } from './export-png';
import { countByStatus, renderChart } from './test-utils';

describe('chart image export (spec 2 §9.1)', () => {
  it('pads the exported image by 24 px in width and 48 px in height, around the chart surface', () => {
    const { container } = renderChart(
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    const svg = chartSurface(container);
    expect(svg?.getAttribute('width')).toBe('600');
    const image = exportSvgMarkup(svg as SVGSVGElement);
    expect(image).toMatchObject({ width: 624, height: 448 });
    expect(image.markup).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="624" height="448"/);
    expect(image.markup).toContain('x="12" y="24"');
    expect(image.markup).toContain('recharts-bar-rectangle');
  });

  it('finds no surface when nothing is drawn', () => {
    const { container } = renderChart(<ReportBarChart results={null} width={600} />);
    expect(chartSurface(container)).toBeNull();
  });
});
