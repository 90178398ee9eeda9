import { PassThrough, Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './cell-values.js';
import { createRowWriter } from './file-writers.js';
import { columnName, createXlsxWriter, xmlText } from './xlsx-writer.js';

async function written(
  format: 'csv' | 'xlsx',
  headers: string[],
  rows: Iterable<(string | number | null)[]>,
) {
  const writer = createRowWriter(format, headers);
  const bytes = buffer(writer.output);
  for (const row of rows) await writer.write(row);
  await writer.end();
  return bytes;
}

// A wide row like a real export's: numbers, text needing escapes, a formula-looking cell, gaps.
const bigRow = (i: number): (string | number | null)[] => [
  i,
  `Supplier ${i} & <Sons>`,
  'Supplier Onboarding',
  i % 3 === 0 ? null : 'In progress',
  '2025-03-04',
  i * 1.5,
  `=cmd|${i}`,
  `Notes about supplier ${i}: "quoted", with a line\nbreak`,
];
const BIG_HEADERS = ['ID', 'Name', 'Kind', 'Status', 'Created at', 'Spend', 'Formula', 'Notes'];
function* bigRows(count: number) {
  for (let i = 1; i <= count; i += 1) yield bigRow(i);
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from(bytes));
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('large XLSX files', () => {
  it('read back 100,000 rows: the first, the middle and the last as written', async () => {
    const count = 100_000;
    const bytes = await written('xlsx', BIG_HEADERS, bigRows(count));
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
      sharedStrings: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    const wanted = new Map<number, unknown[]>();
    let rowsSeen = 0;
    for await (const sheet of reader) {
      for await (const row of sheet) {
        rowsSeen += 1;
        if ([1, 2, 50_001, count + 1].includes(row.number)) {
          wanted.set(row.number, (row.values as unknown[]).slice(1));
        }
      }
    }
    expect(rowsSeen).toBe(count + 1);
    expect(wanted.get(1)).toEqual(BIG_HEADERS);
    const expected = (i: number) => {
      const cells = bigRow(i).map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell));
      // The reader leaves a hole where a cell was empty.
      return cells.map((cell) => (cell === null ? undefined : cell));
    };
    expect(wanted.get(2)).toEqual(expected(1));
    expect(wanted.get(50_001)).toEqual(expected(50_000));
    expect(wanted.get(count + 1)).toEqual(expected(count));
  }, 120_000);

  it('keep the header bold and frozen on a sheet named Workflows, and drop what XML cannot hold', async () => {
    const bytes = await written(
      'xlsx',
      ['Name', 'Spend'],
      [
        ['bell\u0007 and del\u007f kept out, tab\tkept', Number.NaN],
        ['', Number.POSITIVE_INFINITY],
      ],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(bytes));
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Workflows');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet?.getRow(2).getCell(1).value).toBe('bell and del kept out, tab\tkept');
    // Numbers a spreadsheet cannot hold are left empty, as the CSV does.
    expect(sheet?.getRow(2).getCell(2).value).toBeNull();
    expect(sheet?.getRow(3).getCell(2).value).toBeNull();
  });

  // A file past 4 GB needs ZIP64 records; written here for a small file (every part and the end
  // of the directory with ZIP64 records), a reader must still find every part and row.
  it('read back with ZIP64 records', async () => {
    for (const forceZip64 of [false, true]) {
      const output = new PassThrough();
      const bytes = buffer(output);
      const writer = createXlsxWriter(output, BIG_HEADERS, { forceZip64 });
      for (const row of bigRows(500)) await writer.write(row);
      await writer.end();
      const file = await bytes;
      // The ZIP64 end of central directory record's signature.
      expect(file.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(forceZip64);
      const rows = await readXlsx(file);
      expect(rows).toHaveLength(501);
      expect(rows[500]).toEqual(
        bigRow(500).map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell)),
      );
    }
  });

  // As the runner does when the file store gives up: the output is destroyed and the writer's next
  // waits fail rather than hang.
  it('stop with the error when the reader gives up', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const writer = createRowWriter(format, BIG_HEADERS);
      let received = 0;
      const store = new Writable({
        write(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          done(received > 200_000 ? new Error('too large') : undefined);
        },
      });
      store.on('error', (error) => writer.output.destroy(error));
      // The file store listens for the output's errors; here nothing else does.
      writer.output.on('error', () => undefined);
      writer.output.pipe(store);
      const writing = (async () => {
        for (const row of bigRows(1_000_000)) {
          const wait = writer.write(row);
          if (wait) await wait;
        }
        await writer.end();
      })();
      await expect(writing).rejects.toThrow('too large');
    }
  }, 60_000);

  // The output closed by its reader before the last rows: end() fails with the reader's error
  // rather than waiting for a ZIP that can no longer be read.
  it('end with the error when the output was destroyed before the end', async () => {
    const output = new PassThrough();
    const writer = createXlsxWriter(output, BIG_HEADERS);
    for (const row of bigRows(10)) await writer.write(row);
    // The file store listens for the output's errors; here nothing else does.
    output.on('error', () => undefined);
    output.destroy(new Error('store closed'));
    await expect(writer.end()).rejects.toThrow('store closed');
  });

  it('name columns past Z and escape XML text', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlText(`a<b>&'"\u0001`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
  });

  // Heap after a full collection, once 10,000 rows are written and once 100,000 are: the writer holds
  // a chunk of XML and the compressor's window, never the rows behind it.
  it('hold the same memory after 100,000 rows as after 10,000', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heapAfter = async (count: number) => {
      const writer = createRowWriter('xlsx', BIG_HEADERS);
      const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
      writer.output.pipe(sink);
      let heap = 0;
      for (let i = 1; i <= count; i += 1) {
        const wait = writer.write(bigRow(i));
        if (wait) await wait;
        if (i === count) {
          gc();
          heap = process.memoryUsage().heapUsed;
        }
      }
      await writer.end();
      return heap;
    };
    await heapAfter(1000);
    const small = await heapAfter(10_000);
    const large = await heapAfter(100_000);
    expect(large - small).toBeLessThan(4 * 1024 ** 2);
  }, 120_000);
});
