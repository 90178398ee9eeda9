import { EXPORT_PADDING_HEIGHT, EXPORT_PADDING_WIDTH, exportImageSize, reportFileName } from '@attest/shared';

export type ExportImage = { markup: string; width: number; height: number };

const SVG_NS = 'http://www.w3.org/2000/svg';

// The chart's own drawing surface: the largest Recharts SVG (legend icons are small SVGs too), or
// a surface a chart drawn without Recharts marks (the geo map).
export function chartSurface(container: ParentNode): SVGSVGElement | null {
  const surfaces = [
    ...container.querySelectorAll<SVGSVGElement>('svg.recharts-surface, svg[data-chart-surface]'),
  ];
  let best: SVGSVGElement | null = null;
  let bestArea = 0;
  for (const svg of surfaces) {
    const area = Number(svg.getAttribute('width') ?? 0) * Number(svg.getAttribute('height') ?? 0);
    if (area > bestArea) {
      best = svg;
      bestArea = area;
    }
  }
  return best;
}

// A legend entry of a Recharts chart (its legend is HTML, outside the SVG), placed in the SVG's
// coordinates: where it shows on screen.
export type LegendEntry = { text: string; colour: string; x: number; y: number };

const LEGEND_FONT_SIZE = 12;
const LEGEND_SWATCH = 10;
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function iconColour(item: Element): string {
  const shape = item.querySelector('svg path, svg rect, svg line, svg circle');
  const fill = shape?.getAttribute('fill');
  if (fill && fill !== 'none') return fill;
  return shape?.getAttribute('stroke') ?? '#000000';
}

export function legendEntries(container: ParentNode, svg: SVGSVGElement): LegendEntry[] {
  const items = [...container.querySelectorAll('.recharts-legend-item')];
  if (items.length === 0) return [];
  const origin = svg.getBoundingClientRect();
  const laidOut = items.some((item) => item.getBoundingClientRect().width > 0);
  const height = Number(svg.getAttribute('height') ?? 0);
  let cursor = 0;
  return items.map((item) => {
    const text = (item.querySelector('.recharts-legend-item-text') ?? item).textContent ?? '';
    const colour = iconColour(item);
    if (laidOut) {
      const box = item.getBoundingClientRect();
      return { text, colour, x: box.left - origin.left, y: box.top - origin.top + box.height / 2 };
    }
    // Not laid out (no layout engine): one row along the bottom edge.
    const entry = { text, colour, x: cursor, y: height - LEGEND_FONT_SIZE };
    cursor += LEGEND_SWATCH + 8 + text.length * 7 + 16;
    return entry;
  });
}

function drawLegend(svg: SVGSVGElement, entries: readonly LegendEntry[]) {
  const document = svg.ownerDocument;
  const group = document.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'export-legend');
  for (const entry of entries) {
    const swatch = document.createElementNS(SVG_NS, 'rect');
    swatch.setAttribute('x', String(entry.x));
    swatch.setAttribute('y', String(entry.y - LEGEND_SWATCH / 2));
    swatch.setAttribute('width', String(LEGEND_SWATCH));
    swatch.setAttribute('height', String(LEGEND_SWATCH));
    swatch.setAttribute('fill', entry.colour);
    const label = document.createElementNS(SVG_NS, 'text');
    label.setAttribute('x', String(entry.x + LEGEND_SWATCH + 6));
    label.setAttribute('y', String(entry.y));
    label.setAttribute('dominant-baseline', 'middle');
    label.setAttribute('font-size', String(LEGEND_FONT_SIZE));
    label.setAttribute('fill', '#333333');
    label.textContent = entry.text;
    group.append(swatch, label);
  }
  svg.append(group);
}

// The axis titles ChartFrame writes as HTML beside the SVG (§9.1 line rules already applied).
export type AxisTitles = { x: string[]; y: string[] };

const TITLE_LINE = 16;

export function axisTitles(container: ParentNode): AxisTitles {
  const lines = (testId: string) =>
    [...(container.querySelector(`[data-testid="${testId}"]`)?.querySelectorAll('span') ?? [])]
      .map((line) => line.textContent ?? '')
      .filter(Boolean);
  return { x: lines('chart-x-label'), y: lines('chart-y-label') };
}

function textElement(document: Document, text: string, attributes: Record<string, string>) {
  const element = document.createElementNS(SVG_NS, 'text');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.textContent = text;
  return element;
}

export type ExportExtras = { legend?: readonly LegendEntry[]; titles?: AxisTitles; background?: string };

// Spec 2 §9.1: the exported image adds 24 px to the width and 48 px to the height; the chart sits
// in the middle of a white background. The HTML parts of a chart are drawn into the image too: the
// legend where it shows on screen (Recharts leaves its room free in the SVG) and the axis titles
// beside the chart (the chart then counts them in its size). The tooltip's hover cursor is left out.
export function exportSvgMarkup(svg: SVGSVGElement, extras: ExportExtras = {}): ExportImage {
  const { legend = [], titles = { x: [], y: [] }, background = '#ffffff' } = extras;
  const width = Number(svg.getAttribute('width') ?? svg.clientWidth ?? 0);
  const height = Number(svg.getAttribute('height') ?? svg.clientHeight ?? 0);
  const left = titles.y.length > 0 ? titles.y.length * TITLE_LINE + 8 : 0;
  const bottom = titles.x.length > 0 ? titles.x.length * TITLE_LINE + 8 : 0;
  const size = exportImageSize(width + left, height + bottom);
  const chartX = EXPORT_PADDING_WIDTH / 2 + left;
  const chartY = EXPORT_PADDING_HEIGHT / 2;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('x', String(chartX));
  clone.setAttribute('y', String(chartY));
  for (const cursor of clone.querySelectorAll('.recharts-tooltip-cursor')) cursor.remove();
  if (legend.length > 0) drawLegend(clone, legend);
  const document = svg.ownerDocument;
  const title = { 'font-size': '14', fill: '#868e96', 'text-anchor': 'middle' };
  const frame = document.createElementNS(SVG_NS, 'g');
  titles.x.forEach((line, i) => {
    const y = chartY + height + 4 + (i + 1) * TITLE_LINE - 4;
    frame.append(textElement(document, line, { ...title, x: String(chartX + width / 2), y: String(y) }));
  });
  titles.y.forEach((line, i) => {
    const x = EXPORT_PADDING_WIDTH / 2 + (i + 1) * TITLE_LINE - 4;
    const y = chartY + height / 2;
    frame.append(
      textElement(document, line, {
        ...title,
        x: String(x),
        y: String(y),
        transform: `rotate(-90, ${x}, ${y})`,
      }),
    );
  });
  const serializer = new XMLSerializer();
  const markup =
    `<svg xmlns="${SVG_NS}" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}" font-family="${FONT_FAMILY}">` +
    `<rect width="100%" height="100%" fill="${background}"/>${serializer.serializeToString(clone)}` +
    `${serializer.serializeToString(frame)}</svg>`;
  return { markup, ...size };
}

// The image's file name: the name every file of the report gets (shared reportFileName), so the PNG
// and the CSV of one report read alike.
export function pngFileName(reportName: string, day: Date = new Date()): string {
  return reportFileName(reportName, day, 'png');
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The chart image could not be drawn.'));
    image.src = url;
  });
}

// Draws the chart in `container` to a PNG and downloads it; false when there is no chart to draw.
export async function downloadChartPng(container: ParentNode, fileName: string): Promise<boolean> {
  const svg = chartSurface(container);
  if (!svg) return false;
  const { markup, width, height } = exportSvgMarkup(svg, {
    legend: legendEntries(container, svg),
    titles: axisTitles(container),
  });
  const svgUrl = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = await loadImage(svgUrl);
    const canvas = document.createElement('canvas');
    const scale = window.devicePixelRatio || 1;
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) return false;
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return false;
    const pngUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = pngUrl;
    link.download = fileName.endsWith('.png') ? fileName : `${fileName}.png`;
    link.click();
    URL.revokeObjectURL(pngUrl);
    return true;
  } finally {
    URL.revokeObjectURL(svgUrl);
  }
}
