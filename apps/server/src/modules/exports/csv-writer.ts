import { type ExportCell, neutraliseCell } from './cell-values.js';

// RFC 4180: fields are separated by commas and lines end with CRLF; a field holding a comma, a quote
// or a line break is quoted, its quotes doubled. Text cells are neutralised first (cell-values.ts).
const NEEDS_QUOTES = /[",\r\n]/;

function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = neutraliseCell(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

// A byte-order mark first, so that Excel opens the UTF-8 file with accents and scripts intact.
export const CSV_BOM = '\uFEFF';
