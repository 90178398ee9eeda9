import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FILE_READER_ERROR_CODES as CODES } from '@attest/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import {
  bombSheet,
  handMadeWorkbook,
  readAll,
  refusal,
  streamOf,
} from '../../../test/import-file-fixtures.js';
import { openTabularFile } from './tabular-file.js';

const xlsx = { fileName: 'suppliers.xlsx' };

async function excelWorkbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Suppliers'));
  workbook.addWorksheet('Second').getCell('A1').value = 'not read';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading an XLSX workbook', () => {
  it('reads the first sheet: shared strings, numbers, booleans, dates, gaps kept, blank rows skipped', async () => {
    const file = await excelWorkbook((sheet) => {
      sheet.addRow(['Name', 'Employees', 'Active', 'Since', 'Note']);
      sheet.addRow(['Acme', 120, true, new Date(Date.UTC(2024, 1, 29)), '=not a formula']);
      sheet.getCell('A4').value = 'Beta';
      sheet.getCell('C4').value = false;
      sheet.getCell('D4').value = new Date(Date.UTC(2025, 0, 2, 13, 30));
      sheet.getCell('D4').numFmt = 'yyyy-mm-dd hh:mm';
      sheet.getCell('E4').value = 0.25;
    });
    // Named .csv: the bytes say it is a workbook.
    const { format, header, rows } = await readAll(streamOf(file), { fileName: 'renamed.csv' });
    expect(format).toBe('xlsx');
    expect(header).toEqual({ rowNumber: 1, cells: ['Name', 'Employees', 'Active', 'Since', 'Note'] });
    expect(rows).toEqual([
      { rowNumber: 2, cells: ['Acme', '120', 'TRUE', '2024-02-29', '=not a formula'] },
      { rowNumber: 4, cells: ['Beta', '', 'FALSE', '2025-01-02T13:30:00', '0.25'] },
    ]);
  });

  it('reads inline strings, prefixed element names and cells without references', async () => {
    const sheet =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="str"><v>City</v></c></row>' +
      '<row r="3"><c t="inlineStr"><is><r><t>Ac</t></r><r><t>me</t></r><rPh><t>ignored</t></rPh></is></c><c><v>7</v></c></row>';
    const { header, rows } = await readAll(streamOf(await handMadeWorkbook(sheet)), xlsx);
    expect(header.cells).toEqual(['Name', 'City']);
    expect(rows).toEqual([{ rowNumber: 3, cells: ['Acme', '7'] }]);
  });

  it('keeps memory flat while the 100,000 rows of a sheet stream through', async () => {
    const output = new PassThrough();
    const bytes = buffer(output);
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: true });
    const sheet = writer.addWorksheet('Suppliers');
    sheet.addRow(['Name', 'Country', 'Employees', 'Note']).commit();
    for (let i = 1; i <= 100_000; i += 1) {
      sheet
        .addRow([`Supplier ${i}`, i % 2 ? 'France' : 'Germany', i, `Some note about supplier ${i}`])
        .commit();
    }
    sheet.commit();
    await writer.commit();
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const file = await openTabularFile(Readable.from([await bytes]), xlsx);
    let seen = 0;
    let heapAt10k = 0;
    let heapAtEnd = 0;
    let last: string[] = [];
    for await (const row of file.rows) {
      seen += 1;
      last = row.cells;
      if (row.rowNumber === 10_001) {
        gc();
        heapAt10k = process.memoryUsage().heapUsed;
      }
      if (row.rowNumber === 100_001) {
        gc();
        heapAtEnd = process.memoryUsage().heapUsed;
      }
    }
    expect(seen).toBe(100_000);
    expect(last).toEqual(['Supplier 100000', 'Germany', '100000', 'Some note about supplier 100000']);
    // The shared strings table is held (it is what the cells point at); the rows are not.
    expect(heapAtEnd - heapAt10k).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);

  it('refuses a formula cell, naming it', async () => {
    const file = await excelWorkbook((sheet) => {
      sheet.addRow(['Name', 'Count', 'Total']);
      for (let i = 2; i <= 6; i += 1) sheet.addRow([`S${i}`, i, i]);
      sheet.getCell('C7').value = { formula: 'B6*2', result: 12 };
    });
    expect(await refusal(streamOf(file), xlsx)).toEqual({
      code: CODES.formulaCell,
      status: 400,
      message: 'C7 holds a formula; import takes values only: paste values and upload again.',
    });
  });

  it('refuses a ZIP bomb by its compression ratio, on its declared sizes and on the bytes really inflated', async () => {
    const bomb = await handMadeWorkbook(bombSheet(150 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const expected = {
      code: CODES.workbookCompressionRatio,
      status: 400,
      message:
        'The workbook is refused as unsafe: xl/worksheets/sheet1.xml unpacks to more than 100 times its packed size, which a real spreadsheet does not do.',
    };
    expect(await refusal(streamOf(bomb), xlsx)).toEqual(expected);
    expect(await refusal(streamOf(withSheetSizeDeclared(bomb, 1000)), xlsx)).toEqual(expected);
    // Past the 200 MB a part may unpack to, the size is the reason given.
    const huge = await handMadeWorkbook(bombSheet(300 * 1024 * 1024));
    expect((await refusal(streamOf(huge), xlsx)).code).toBe(CODES.workbookPartTooLarge);
  });

  it('refuses a part that inflates past the size limit, even when its header says it is small', async () => {
    const bomb = await handMadeWorkbook(bombSheet(3 * 1024 * 1024));
    const limits = { maxZipEntryBytes: 2 * 1024 * 1024, maxCompressionRatio: 1e9 };
    const expected = {
      code: CODES.workbookPartTooLarge,
      status: 413,
      message:
        'The workbook unpacks to more than 2 MB (in xl/worksheets/sheet1.xml), more than an import takes. Split it into smaller files and upload each.',
    };
    expect(await refusal(streamOf(bomb), { ...xlsx, limits })).toEqual(expected);
    expect(await refusal(streamOf(withSheetSizeDeclared(bomb, 1000)), { ...xlsx, limits })).toEqual(expected);
  });

  it('refuses a workbook of too many parts', async () => {
    const file = await handMadeWorkbook('<row r="1"><c t="inlineStr"><is><t>Name</t></is></c></row>', {
      extraParts: 10,
    });
    expect(await refusal(streamOf(file), { ...xlsx, limits: { maxZipEntries: 12 } })).toEqual({
      code: CODES.workbookTooManyParts,
      status: 400,
      message: 'The workbook is refused: it holds more than 12 parts, far more than a spreadsheet needs.',
    });
  });

  it('refuses more rows and more columns than the limits', async () => {
    const rows = Array.from(
      { length: 5 },
      (_, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>v${i}</t></is></c></row>`,
    ).join('');
    expect(
      (await refusal(streamOf(await handMadeWorkbook(rows)), { ...xlsx, limits: { maxRows: 3 } })).message,
    ).toBe('The file has more than 3 data rows. Split it into files of at most 3 rows and upload each.');
    const farCell =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="XFD2"><v>1</v></c></row>';
    expect(await refusal(streamOf(await handMadeWorkbook(farCell)), xlsx)).toEqual({
      code: CODES.tooManyColumns,
      status: 400,
      message: 'Row 2 has more than 500 columns; an import takes at most 500.',
    });
  });

  it('refuses files that are not workbooks, telling which', async () => {
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from('hello'), 'hello.txt');
    zip.end();
    const notWorkbook = {
      code: CODES.notWorkbook,
      status: 400,
      message: 'The file is neither CSV text nor an Excel workbook (.xlsx). Upload a .csv or .xlsx file.',
    };
    expect(await refusal(streamOf(await buffer(zip.outputStream)), xlsx)).toEqual(notWorkbook);
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect(await refusal(streamOf(random), xlsx)).toEqual(notWorkbook);
    expect(
      await refusal(streamOf(Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])), xlsx),
    ).toEqual(notWorkbook);
    expect(await refusal(streamOf(Buffer.concat([Buffer.from('PK\x03\x04'), random])), xlsx)).toEqual({
      code: CODES.workbookUnreadable,
      status: 400,
      message:
        'The Excel workbook is damaged and cannot be read. Open it in Excel, save it again and upload it.',
    });
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusal(streamOf(ole), { fileName: 'old.xls' })).toMatchObject({
      code: CODES.legacyXls,
      status: 400,
    });
  });

  it('refuses a workbook larger than the file limit while it is written to disk', async () => {
    const file = await excelWorkbook((sheet) => {
      for (let i = 0; i < 2000; i += 1) sheet.addRow([`Supplier ${i}`, i, `note ${i * 7919}`]);
    });
    const outcome = await refusal(Readable.from([file]), {
      ...xlsx,
      limits: { maxFileBytes: file.length - 1 },
    });
    expect(outcome.code).toBe(CODES.fileTooLarge);
  });
});

// The sheet's uncompressed size rewritten in its local header and central directory record: a bomb
// that lies about itself, so only counting the inflated bytes can catch it.
function withSheetSizeDeclared(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (let at = copy.indexOf(name); at !== -1; at = copy.indexOf(name, at + 1)) {
    if (copy.readUInt32LE(at - 30) === 0x04034b50) copy.writeUInt32LE(size, at - 30 + 22);
    else if (copy.readUInt32LE(at - 46) === 0x02014b50) copy.writeUInt32LE(size, at - 46 + 24);
  }
  return copy;
}
