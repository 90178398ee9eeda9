import { describe, expect, it } from 'vitest';
import { ReportBarChart } from './bar-chart';
import { axisTitles, chartSurface, exportSvgMarkup, legendEntries, pngFileName } from './export-png';
import { countByStatus, renderChart, statusByRegion } from './test-utils';

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

  it('draws the legend, which Recharts keeps in HTML, into the image', () => {
    const { container } = renderChart(
      <ReportBarChart results={statusByRegion} dimensions={2} width={600} height={400} animate={false} />,
    );
    const svg = chartSurface(container) as SVGSVGElement;
    const legend = legendEntries(container, svg);
    expect(legend.map((entry) => entry.text)).toEqual(['EU', 'US']);
    const image = exportSvgMarkup(svg, { legend });
    expect(image.markup).toContain('class="export-legend"');
    expect(image.markup).toMatch(/<text[^>]*>EU<\/text>/);
    expect(image.markup).toMatch(/<text[^>]*>US<\/text>/);
    // The legend swatches take the series colours.
    expect(legend[0]?.colour).not.toBe(legend[1]?.colour);
  });

  it('draws the axis titles beside the chart, which then counts them in its size', () => {
    const { container } = renderChart(
      <ReportBarChart results={countByStatus} width={600} height={400} animate={false} />,
    );
    const svg = chartSurface(container) as SVGSVGElement;
    const titles = axisTitles(container);
    expect(titles).toEqual({ x: ['Status'], y: ['Count'] });
    const image = exportSvgMarkup(svg, { titles });
    // One line each: 16 px plus 8 px of room, then the §9.1 padding.
    expect(image).toMatchObject({ width: 600 + 24 + 24, height: 400 + 24 + 48 });
    expect(image.markup).toMatch(/<text[^>]*>Status<\/text>/);
    expect(image.markup).toMatch(/<text[^>]*rotate\(-90[^>]*>Count<\/text>/);
  });

  it('names the file after the report', () => {
    const day = new Date('2026-11-25T12:00:00.000Z');
    expect(pngFileName('Workflows by status', day)).toBe('workflows-by-status-2026-11-25.png');
    expect(pngFileName('Délais (Q3) / équipe', day)).toBe('delais-q3-equipe-2026-11-25.png');
    expect(pngFileName('月次レポート', day)).toBe('月次レポート-2026-11-25.png');
    expect(pngFileName('***', day)).toBe('report-2026-11-25.png');
  });
});
