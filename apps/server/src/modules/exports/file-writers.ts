import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportFormat } from '@attest/shared';
import ExcelJS from 'exceljs';
import { type ExportCell, neutraliseCell } from './cell-values.js';
import { CSV_BOM, csvLine } from './csv-writer.js';

// Rows go in one by one; the file's bytes come out of `output` as they are made, so an export of a
// million rows never holds more than a few buffers. write() waits while the reader is behind.
export type RowWriter = {
  output: Readable;
  write(cells: readonly ExportCell[]): Promise<void>;
  end(): Promise<void>;
};

async function drained(stream: PassThrough): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

function csvWriter(headers: readonly string[]): RowWriter {
  const output = new PassThrough();
  output.write(CSV_BOM + csvLine(headers));
  return {
    output,
    async write(cells) {
      output.write(csvLine(cells));
      await drained(output);
    },
    async end() {
      output.end();
    },
  };
}

// exceljs pushes a sheet's XML into the zip without waiting for the compressor, so on a long export
// the uncompressed rows would pile up in memory (about 400 bytes a row). Its sheet stream hands them
// to one pipe (archiver's input): wait whenever that pipe is full, so rows go no faster than the zip.
// (archiver's readable-stream PassThrough, not a Node Writable: read its state, not instanceof.)
type SheetPipe = NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } };
async function sheetDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipe = (sheet as unknown as { stream?: { pipes?: SheetPipe[] } }).stream?.pipes?.[0];
  if (pipe?._writableState?.needDrain) await once(pipe, 'drain');
}

const xlsxCell = (cell: ExportCell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell);

// exceljs' streaming writer commits each row to the zip as it is added (no shared strings table,
// which would grow with the rows).
function xlsxWriter(headers: readonly string[]): RowWriter {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Workflows', { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(headers.map(xlsxCell));
  header.font = { bold: true };
  header.commit();
  return {
    output,
    async write(cells) {
      sheet.addRow(cells.map(xlsxCell)).commit();
      await sheetDrained(sheet);
      await drained(output);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function createRowWriter(format: ExportFormat, headers: readonly string[]): RowWriter {
  return format === 'csv' ? csvWriter(headers) : xlsxWriter(headers);
}
