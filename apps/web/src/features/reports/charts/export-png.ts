import { EXPORT_PADDING_HEIGHT, EXPORT_PADDING_WIDTH, exportImageSize } from '@attest/shared';

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

// Spec 2 §9.1: the exported image adds 24 px to the width and 48 px to the height; the chart sits
// in the middle of a white background.
export function exportSvgMarkup(svg: SVGSVGElement, background = '#ffffff'): ExportImage {
  const width = Number(svg.getAttribute('width') ?? svg.clientWidth ?? 0);
  const height = Number(svg.getAttribute('height') ?? svg.clientHeight ?? 0);
  const size = exportImageSize(width, height);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('x', String(EXPORT_PADDING_WIDTH / 2));
  clone.setAttribute('y', String(EXPORT_PADDING_HEIGHT / 2));
  const inner = new XMLSerializer().serializeToString(clone);
  const markup =
    `<svg xmlns="${SVG_NS}" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>${inner}</svg>`;
  return { markup, ...size };
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
  const { markup, width, height } = exportSvgMarkup(svg);
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
