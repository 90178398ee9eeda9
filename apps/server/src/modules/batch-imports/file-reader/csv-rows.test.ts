import { PassThrough, Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FILE_READER_ERROR_CODES as CODES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { readAll, refusal, streamOf } from '../../../test/import-file-fixtures.js';
import { openTabularFile } from './tabular-file.js';

const csv = { fileName: 'suppliers.csv' };

describe('reading a CSV file', () => {
  it('reads a UTF-8 BOM, semicolons, a quoted line break and CRLF, numbering rows as a spreadsheet does', async () => {
    const text = '\uFEFFName;Country;Note\r\nAcme;FR;"two\r\nlines"\r\n\r\nBeta;;=SUM(A1)\r\n';
    const { format, header, rows } = await readAll(streamOf(text), csv);
    expect(format).toBe('csv');
    expect(header).toEqual({ rowNumber: 1, cells: ['Name', 'Country', 'Note'] });
    // The blank line is row 3 and is skipped; a formula-looking value is data, returned as written.
    expect(rows).toEqual([
      { rowNumber: 2, cells: ['Acme', 'FR', 'two\r\nlines'] },
      { rowNumber: 4, cells: ['Beta', '', '=SUM(A1)'] },
    ]);
  });

  it('takes commas or tabs when the header line holds more of them than semicolons', async () => {
    expect((await readAll(streamOf('a,b;c,d\n1,2;3,4\n'), csv)).rows[0]?.cells).toEqual(['1', '2;3', '4']);
    expect((await readAll(streamOf('a\tb\n1\t2\n'), csv)).rows[0]?.cells).toEqual(['1', '2']);
  });

  it('reads characters whose bytes are split between chunks', async () => {
    const bytes = Buffer.from('Name\nZoë 😀\n');
    const oneByOne = Readable.from(Array.from(bytes, (byte) => Buffer.from([byte])));
    expect((await readAll(oneByOne, csv)).rows[0]?.cells).toEqual(['Zoë 😀']);
  });

  it('refuses a Latin-1 file, naming the line of its first byte that is not UTF-8', async () => {
    const latin1 = Buffer.from('Name;City\nAcme;Paris\nBeta;Orléans\n', 'latin1');
    expect(await refusal(streamOf(latin1), csv)).toEqual({
      code: CODES.notUtf8,
      status: 400,
      message:
        'The file must be UTF-8 text, and line 3 holds a byte that is not UTF-8. Save it again as "CSV UTF-8" (or as an Excel workbook) and upload it.',
    });
  });

  it('refuses a UTF-16 file by its byte order mark, and one without a mark by its NUL bytes', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\nAcme\n', 'utf16le')]);
    expect(await refusal(streamOf(utf16), csv)).toEqual({
      code: CODES.utf16,
      status: 400,
      message:
        'The file is UTF-16 text; it must be UTF-8 text. Save it again as "CSV UTF-8" (or as an Excel workbook) and upload it.',
    });
    const bigEndian = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Name\n', 'utf16le').swap16()]);
    expect((await refusal(streamOf(bigEndian), csv)).code).toBe(CODES.utf16);
    const noMark = Buffer.from('Name\nAcme\n', 'utf16le');
    expect(await refusal(streamOf(noMark), csv)).toMatchObject({
      code: CODES.notUtf8,
      message: expect.stringContaining('line 1 '),
    });
  });

  it('refuses random bytes as text that is not UTF-8', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect((await refusal(streamOf(random), csv)).code).toBe(CODES.notUtf8);
  });

  it('refuses a file of MAX_IMPORT_BYTES (50 MB) and one byte, counting it as it streams', async () => {
    const limit = MAX_IMPORT_BYTES;
    // Lines of 10,000 characters: about 5,200 rows, under the row limit.
    const line = Buffer.from(`${'x'.repeat(9_999)}\n`);
    const megabyte = Buffer.concat(Array.from({ length: 105 }, () => line)).subarray(0, 1024 * 1024);
    let sent = 0;
    const source = Readable.from(
      (function* () {
        yield Buffer.from('Name\n');
        sent = 5;
        while (sent < limit + 1) {
          const chunk = megabyte.subarray(0, Math.min(megabyte.length, limit + 1 - sent));
          sent += chunk.length;
          yield chunk;
        }
      })(),
    );
    expect(await refusal(source, csv)).toEqual({
      code: CODES.fileTooLarge,
      status: 413,
      message: 'The file is larger than 50 MB. Split it into smaller files and upload each.',
    });
    expect(sent).toBe(limit + 1);
  });

  it('refuses more data rows than the limit, by default MAX_IMPORT_ROWS (200,000)', async () => {
    const rows = (count: number) =>
      Readable.from(
        (function* () {
          yield Buffer.from('Name\n');
          for (let i = 1; i <= count; i += 1) yield Buffer.from(`Supplier ${i}\n`);
        })(),
      );
    expect((await readAll(rows(MAX_IMPORT_ROWS), csv)).rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(await refusal(rows(MAX_IMPORT_ROWS + 1), csv)).toEqual({
      code: CODES.tooManyRows,
      status: 400,
      message:
        'The file has more than 200,000 data rows. Split it into files of at most 200,000 rows and upload each.',
    });
    expect((await refusal(rows(4), { ...csv, limits: { maxRows: 3 } })).message).toContain(
      'more than 3 data rows',
    );
  });

  it('refuses more columns than the limit and a cell longer than Excel allows', async () => {
    const wide = `${Array.from({ length: 501 }, (_, i) => `c${i}`).join(',')}\n`;
    expect(await refusal(streamOf(wide), csv)).toEqual({
      code: CODES.tooManyColumns,
      status: 400,
      message: 'Row 1 has more than 500 columns; an import takes at most 500.',
    });
    expect(await refusal(streamOf(`Name,Note\nAcme,${'n'.repeat(32_768)}\n`), csv)).toEqual({
      code: CODES.cellTooLong,
      status: 400,
      message: 'B2 holds more than 32,767 characters, the most a cell may hold.',
    });
  });

  it('refuses a quoted value that is never closed, naming its line', async () => {
    expect(await refusal(streamOf('Name,Note\nAcme,"open\nBeta,x\n'), csv)).toMatchObject({
      code: CODES.csvMalformed,
      status: 400,
      message: expect.stringMatching(
        /^The CSV file cannot be read at line \d+: a quoted value is not closed/,
      ),
    });
  });

  it('refuses an empty file and one of blank lines only', async () => {
    const message = 'The file is empty: it needs a header row of column names, then one row per item.';
    expect(await refusal(streamOf(''), csv)).toEqual({ code: CODES.fileEmpty, status: 400, message });
    expect((await refusal(streamOf('\r\n\r\n\r\n'), csv)).code).toBe(CODES.fileEmpty);
  });

  it('yields the first row before the upload has ended', async () => {
    const upload = new PassThrough();
    // The parser holds a record until it has read a few bytes past it, so a second row is begun.
    upload.write('Name;Country\nAcme;FR\nBeta;');
    const file = await openTabularFile(upload, csv);
    const rows = file.rows[Symbol.asyncIterator]();
    expect(file.header.cells).toEqual(['Name', 'Country']);
    expect((await rows.next()).value).toEqual({ rowNumber: 2, cells: ['Acme', 'FR'] });
    expect(upload.writableEnded).toBe(false);
    upload.end('DE\n');
    expect((await rows.next()).value).toEqual({ rowNumber: 3, cells: ['Beta', 'DE'] });
    expect((await rows.next()).done).toBe(true);
    await file.close();
  });

  it('keeps memory flat while 100,000 rows stream through', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const source = Readable.from(
      (function* () {
        yield Buffer.from('Name,Country,City,Email,Note\n');
        for (let i = 1; i <= 100_000; i += 1) {
          yield Buffer.from(
            `Supplier ${i},France,Paris ${i},buyer${i}@example.com,Some note about supplier ${i}\n`,
          );
        }
      })(),
    );
    const file = await openTabularFile(source, csv);
    let seen = 0;
    let heapAt10k = 0;
    let heapAtEnd = 0;
    for await (const row of file.rows) {
      seen += 1;
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
    // Kept rows would be ~90,000 x 5 strings (tens of MB); streamed, the heap stays within noise.
    expect(heapAtEnd - heapAt10k).toBeLessThan(8 * 1024 * 1024);
  });
});
