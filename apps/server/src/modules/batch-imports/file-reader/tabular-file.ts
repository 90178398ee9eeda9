import type { Readable } from 'node:stream';
import { limitedBytes, peek } from './byte-stream.js';
import { cellName } from './cell-reference.js';
import { csvHeadIsEnough, csvRows, sniffDelimiter } from './csv-rows.js';
import { FileReaderError } from './file-reader-error.js';
import { DEFAULT_FILE_READER_LIMITS, type FileReaderLimits } from './limits.js';
import type { SheetRow } from './sheet-row.js';
import { xlsxRows } from './xlsx-rows.js';
import { readWorkbookParts } from './xlsx-workbook.js';
import { openZipArchive } from './zip-archive.js';

export type { SheetRow } from './sheet-row.js';

export type TabularFile = {
  format: 'csv' | 'xlsx';
  // The first row that is not blank: the column labels.
  header: SheetRow;
  // The data rows after it, blank rows skipped, read as they are iterated (once). Iterating may throw
  // a FileReaderError (a formula, too many rows, a bad byte further down the file).
  rows: AsyncIterable<SheetRow>;
  // Ends the reading and removes the temporary file an XLSX needs; call it in a finally, also after
  // iterating (then it does nothing).
  close(): Promise<void>;
};

export type OpenTabularFileOptions = {
  // Used only where the content cannot tell (bytes that are not a ZIP but named .xlsx); the content
  // type a browser sends is never trusted, so it is not asked for.
  fileName: string;
  limits?: Partial<FileReaderLimits>;
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
// Compound File Binary: an Excel 97-2003 .xls, or a password-protected .xlsx.
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORKBOOK_NAME = /\.xls[xmb]?$/i;

// Opens an uploaded CSV or XLSX file as rows, streamed: the header is read now, the rows as they are
// asked for, so memory does not grow with the file. The kind is told by the bytes (a ZIP is a
// workbook, anything else must be UTF-8 CSV text). Every refusal is a FileReaderError (4xx).
export async function openTabularFile(
  source: Readable | AsyncIterable<Buffer | string | Uint8Array>,
  options: OpenTabularFileOptions,
): Promise<TabularFile> {
  const limits = { ...DEFAULT_FILE_READER_LIMITS, ...options.limits };
  const bytes = limitedBytes(source, limits.maxFileBytes);
  const { head, rest } = await peek(bytes, (h) => h.length >= OLE_MAGIC.length);

  if (head.length === 0) throw FileReaderError.of('fileEmpty');
  if (startsWith(head, ZIP_MAGIC)) return openWorkbook(rest, limits);
  const refusal = refusalOf(head, options.fileName);
  if (refusal) {
    await rest.return(undefined);
    throw refusal;
  }
  return openCsv(rest, limits);
}

// Bytes that are neither a ZIP nor possibly UTF-8 text, told apart for a message that helps.
function refusalOf(head: Buffer, fileName: string): FileReaderError | undefined {
  if (startsWith(head, EMPTY_ZIP_MAGIC)) return FileReaderError.of('notWorkbook');
  if (startsWith(head, OLE_MAGIC)) return FileReaderError.of('legacyXls');
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return FileReaderError.of('utf16');
  }
  if (WORKBOOK_NAME.test(fileName)) return FileReaderError.of('notWorkbook');
  return undefined;
}

async function openCsv(bytes: AsyncGenerator<Buffer>, limits: FileReaderLimits): Promise<TabularFile> {
  // Read on until the header line is in hand, to choose the delimiter from it.
  const { head, rest } = await peek(bytes, csvHeadIsEnough);
  const rows = csvRows(rest, sniffDelimiter(head), limits);
  return withHeader('csv', rows, limits, async () => undefined);
}

async function openWorkbook(rest: AsyncGenerator<Buffer>, limits: FileReaderLimits): Promise<TabularFile> {
  const zip = await openZipArchive(rest, limits);
  try {
    const parts = await readWorkbookParts(zip);
    const sheet = zip.entries.get(parts.sheetPath);
    if (!sheet) throw FileReaderError.of('workbookNoSheet');
    return await withHeader('xlsx', xlsxRows(zip.read(sheet), parts, limits), limits, zip.close);
  } catch (error) {
    await zip.close();
    throw error;
  }
}

// Takes the header off the rows and applies the limits every format shares.
async function withHeader(
  format: TabularFile['format'],
  source: AsyncGenerator<SheetRow>,
  limits: FileReaderLimits,
  release: () => Promise<void>,
): Promise<TabularFile> {
  let released = false;
  const close = async () => {
    if (released) return;
    released = true;
    await source.return(undefined);
    await release();
  };
  const nextFilled = async (): Promise<SheetRow | undefined> => {
    for (;;) {
      const next = await source.next();
      if (next.done) return undefined;
      if (next.value.cells.some((value) => value !== '')) return checked(next.value, limits);
    }
  };
  let header: SheetRow | undefined;
  try {
    header = await nextFilled();
  } catch (error) {
    await close();
    throw error;
  }
  if (!header) {
    await close();
    throw FileReaderError.of('fileEmpty');
  }
  async function* rows(): AsyncGenerator<SheetRow> {
    try {
      let count = 0;
      for (let row = await nextFilled(); row; row = await nextFilled()) {
        count += 1;
        if (count > limits.maxRows) throw FileReaderError.of('tooManyRows', { limit: limits.maxRows });
        yield row;
      }
    } finally {
      await close();
    }
  }
  return { format, header, rows: rows(), close };
}

function checked(row: SheetRow, limits: FileReaderLimits): SheetRow {
  if (row.cells.length > limits.maxColumns) {
    throw FileReaderError.of('tooManyColumns', { row: row.rowNumber, limit: limits.maxColumns });
  }
  row.cells.forEach((value, column) => {
    if (value.length > limits.maxCellChars) {
      throw FileReaderError.of('cellTooLong', {
        cell: cellName(column, row.rowNumber),
        limit: limits.maxCellChars,
      });
    }
  });
  return row;
}

function startsWith(head: Buffer, magic: Buffer): boolean {
  return head.length >= magic.length && head.subarray(0, magic.length).equals(magic);
}
