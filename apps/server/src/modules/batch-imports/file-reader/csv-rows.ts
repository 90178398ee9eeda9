import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { FileReaderError } from './file-reader-error.js';
import type { FileReaderLimits } from './limits.js';
import type { SheetRow } from './sheet-row.js';
import { Utf8Guard } from './utf8-guard.js';

const DELIMITERS = [',', ';', '\t'] as const;

// The delimiter is the one of `,` `;` or tab the header line holds most of, outside quotes: Excel
// writes `;` where the decimal separator is a comma (most of Europe), `,` elsewhere.
export function sniffDelimiter(head: Buffer): string {
  const newline = head.indexOf(0x0a);
  const line = head.subarray(0, newline === -1 ? head.length : newline).toString('utf8');
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

// Enough of the file to see its header line (or 64 KiB of it, if a line is that long).
export const CSV_HEAD_BYTES = 64 * 1024;
export const csvHeadIsEnough = (head: Buffer) => head.includes(0x0a) || head.length >= CSV_HEAD_BYTES;

// Records of a UTF-8 CSV, numbered as a spreadsheet numbers its rows (a quoted value holding a line
// break stays in its one row; a blank line is a row too, and is skipped). Cells are returned as written:
// a value starting with = + - @ is data here, not a formula (the export side escapes such values when
// it writes them, and nothing in an import evaluates them).
export async function* csvRows(
  bytes: AsyncGenerator<Buffer>,
  delimiter: string,
  limits: FileReaderLimits,
): AsyncGenerator<SheetRow> {
  const parser = parse({
    delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    // A quote that is never closed would otherwise gather the rest of the file into one value.
    max_record_size: limits.maxColumns * limits.maxCellChars,
  });
  const feeding = pipeline(Readable.from(bytes), new Utf8Guard(), parser);
  // The parser's iterator reports the same failure; this only keeps it from being unhandled.
  feeding.catch(() => undefined);
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      yield { rowNumber, cells: record };
    }
    await feeding;
  } catch (error) {
    throw asReaderError(error, rowNumber + 1, limits);
  } finally {
    parser.destroy();
  }
}

type CsvParseError = Error & { code?: string; lines?: number };

function asReaderError(error: unknown, rowNumber: number, limits: FileReaderLimits): unknown {
  if (error instanceof FileReaderError) return error;
  const { code, lines } = error as CsvParseError;
  const line = typeof lines === 'number' && lines > 0 ? lines : rowNumber;
  if (code === 'CSV_MAX_RECORD_SIZE')
    return FileReaderError.of('cellTooLong', {
      cell: `A value on line ${line}`,
      limit: limits.maxCellChars,
    });
  if (typeof code === 'string' && code.startsWith('CSV_'))
    return FileReaderError.of('csvMalformed', { line });
  return error;
}
