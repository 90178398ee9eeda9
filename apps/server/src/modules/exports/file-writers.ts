import { PassThrough, type Readable } from 'node:stream';
import type { ExportFormat } from '@attest/shared';
import type { ExportCell } from './cell-values.js';
import { CSV_BOM, csvLine } from './csv-writer.js';
import { drained } from './drained.js';
import { createXlsxWriter } from './xlsx-writer.js';

// Rows go in one by one; the file's bytes come out of `output` as they are made, so an export of a
// million rows never holds more than a few buffers. write() answers a promise when the reader is
// behind (await it then) and nothing otherwise, so a row costs no extra turn of the event loop.
export type RowWriter = {
  output: Readable;
  write(cells: readonly ExportCell[]): Promise<void> | undefined;
  end(): Promise<void>;
};

// Lines are gathered into chunks of about this many characters before they go to the output.
const CSV_CHUNK_CHARS = 64 * 1024;

function csvWriter(headers: readonly string[]): RowWriter {
  const output = new PassThrough();
  let pending = CSV_BOM + csvLine(headers);
  async function flush(): Promise<void> {
    const chunk = pending;
    pending = '';
    if (!output.write(chunk)) await drained(output);
  }
  return {
    output,
    write(cells) {
      pending += csvLine(cells);
      return pending.length >= CSV_CHUNK_CHARS ? flush() : undefined;
    },
    async end() {
      if (pending) await flush();
      if (output.destroyed) throw output.errored ?? new Error('The output was closed');
      output.end();
    },
  };
}

// The sheet's XML is written and deflated row by row (xlsx-writer.ts): flat memory, no shared
// strings table.
function xlsxWriter(headers: readonly string[]): RowWriter {
  const output = new PassThrough();
  const writer = createXlsxWriter(output, headers);
  return { output, write: writer.write, end: writer.end };
}

export function createRowWriter(format: ExportFormat, headers: readonly string[]): RowWriter {
  return format === 'csv' ? csvWriter(headers) : xlsxWriter(headers);
}
