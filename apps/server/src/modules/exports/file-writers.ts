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

// Each line is encoded at once into a chunk buffer of this many bytes, which goes to the output when
// the next line may not fit. The line's string is then garbage straight away: a chunk held as a string
// would be a tree of a few hundred lines' pieces, living across young collections into the old heap
// (the CSV export slowed as rows grew, where the XLSX one, which flattens its rows, did not), and
// encoded once more by the stream.
const CSV_CHUNK_BYTES = 64 * 1024;
// Bytes that may wait in the output for the file store: the next chunks are made while the store
// hashes and writes the last, instead of each chunk waiting for the disk (as the XLSX writer's queue).
const CSV_QUEUE_BYTES = 1024 * 1024;
// UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair: 4 bytes for 2 units).
const MAX_UTF8_PER_UNIT = 3;

function csvWriter(headers: readonly string[]): RowWriter {
  const output = new PassThrough({ writableHighWaterMark: CSV_QUEUE_BYTES });
  let chunk = Buffer.allocUnsafe(CSV_CHUNK_BYTES);
  let used = 0;
  // Sends the filled part of the chunk (only bytes written, never the buffer's uninitialised rest);
  // false when the output is behind.
  function emit(): boolean {
    if (used === 0) return true;
    const full = chunk.subarray(0, used);
    chunk = Buffer.allocUnsafe(CSV_CHUNK_BYTES);
    used = 0;
    return output.write(full);
  }
  // Adds a line; answers a promise when the output is behind.
  function add(line: string): Promise<void> | undefined {
    if (line.length * MAX_UTF8_PER_UNIT <= chunk.length - used) {
      used += chunk.write(line, used);
      return undefined;
    }
    let ready = emit();
    if (line.length * MAX_UTF8_PER_UNIT <= chunk.length) used += chunk.write(line, used);
    // A line longer than a chunk goes out on its own (encoded by the stream).
    else ready = output.write(line) && ready;
    return ready ? undefined : drained(output);
  }
  add(CSV_BOM + csvLine(headers))?.catch(() => undefined);
  return {
    output,
    write(cells) {
      return add(csvLine(cells));
    },
    async end() {
      if (!emit()) await drained(output);
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
