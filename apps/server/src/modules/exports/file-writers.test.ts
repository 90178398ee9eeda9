import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FieldDefinition } from '@attest/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { answerCell, type ExportLookups, neutraliseCell } from './cell-values.js';
import { csvLine } from './csv-writer.js';
import { createRowWriter } from './file-writers.js';

async function written(format: 'csv' | 'xlsx', headers: string[], rows: (string | number | null)[][]) {
  const writer = createRowWriter(format, headers);
  const bytes = buffer(writer.output);
  for (const row of rows) await writer.write(row);
  await writer.end();
  return bytes;
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from(bytes));
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('cells that a spreadsheet would run as formulas', () => {
  it('get a leading apostrophe: = + - @ tab and carriage return', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCell(`${start}SUM(A1:A9)`)).toBe(`'${start}SUM(A1:A9)`);
    }
    expect(neutraliseCell('Acme = good')).toBe('Acme = good');
    expect(neutraliseCell('')).toBe('');
  });
});

describe('CSV lines', () => {
  it('quote commas, quotes and line breaks, keep numbers and leave empty cells empty', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 42, -3.5, null, 'plain'])).toBe(
      '"a,b","say ""hi""","two\nlines",42,-3.5,,plain\r\n',
    );
  });

  it('neutralise text before quoting it', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '-1+1', '@cmd'])).toBe(
      `"'=HYPERLINK(""http://x"")",'-1+1,'@cmd\r\n`,
    );
  });

  it('stream a file with a byte-order mark, a header and one line per row', async () => {
    const bytes = await written(
      'csv',
      ['Name', 'Spend'],
      [
        ['Zoë', 12],
        ['=1+1', null],
      ],
    );
    expect(bytes.toString('utf8')).toBe("\uFEFFName,Spend\r\nZoë,12\r\n'=1+1,\r\n");
  });

  it('stream the same bytes as the lines joined, across chunks, multi-byte text and lines longer than a chunk', async () => {
    const texts = [
      'plain',
      'Zoë, "quoted"',
      '日本語のテキスト',
      'emoji 😀 pair',
      'lone \uD83D surrogate',
      '=sum',
    ];
    const rows: (string | number | null)[][] = [];
    for (let i = 0; i < 20_000; i += 1) {
      rows.push([i, texts[i % texts.length] ?? '', i % 7 === 0 ? null : i / 4, 'x'.repeat(i % 97)]);
      // Lines longer than a chunk (64 KiB), in ASCII and in 3-byte characters, now and then.
      if (i % 5_000 === 1) rows.push([i, 'y'.repeat(70_000), '€'.repeat(30_000), null]);
    }
    const headers = ['ID', 'Name', 'Spend', 'Notes'];
    const bytes = await written('csv', headers, rows);
    const expected = Buffer.from(`\uFEFF${csvLine(headers)}${rows.map(csvLine).join('')}`, 'utf8');
    expect(bytes.length).toBe(expected.length);
    expect(bytes.equals(expected)).toBe(true);
  });
});

describe('XLSX files', () => {
  it('read back with the header, text and numbers as written and formulas neutralised', async () => {
    const bytes = await written(
      'xlsx',
      ['Name', 'Spend', '=Header'],
      [
        ['Acme', 1200, '+danger'],
        ['Zoë', null, 'safe'],
      ],
    );
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const rows = await readXlsx(bytes);
    expect(rows[0]).toEqual(['Name', 'Spend', "'=Header"]);
    expect(rows[1]).toEqual(['Acme', 1200, "'+danger"]);
    expect(rows[2]?.[0]).toBe('Zoë');
    expect(rows[2]?.[2]).toBe('safe');
  });
});

describe('answers as a person reads them', () => {
  const lookups: ExportLookups = {
    region: (id) => (id === 1 ? 'Europe' : undefined),
    businessUnit: (id) => (id === 2 ? 'Paris' : undefined),
    user: (id) => (id === 3 ? 'Ada Admin' : undefined),
  };
  const FIELDS: FieldDefinition[] = [
    {
      tag: 'radio',
      type: 'radio',
      label: 'Decision',
      options: [
        { value: 'approve', label: 'Approve' },
        { value: 'reject', label: 'Reject' },
      ],
    },
    {
      tag: 'multi',
      type: 'multi_select',
      label: 'Letters',
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    },
    {
      tag: 'cascader',
      type: 'cascader',
      label: 'Place',
      cascader_options: [{ value: 'eu', label: 'Europe', children: [{ value: 'fr', label: 'France' }] }],
    },
    { tag: 'files', type: 'multi_file', label: 'Files' },
    { tag: 'file', type: 'file', label: 'File' },
    { tag: 'date', type: 'date', label: 'When' },
    { tag: 'naive', type: 'naive_date', label: 'Day' },
    { tag: 'region', type: 'region', label: 'Region' },
    { tag: 'unit', type: 'business_unit', label: 'Unit' },
    { tag: 'owner', type: 'owner', label: 'Owner' },
    { tag: 'country', type: 'country_single_select', label: 'Country' },
    { tag: 'bool', type: 'bool', label: 'Yes or no' },
    { tag: 'spend', type: 'integer', label: 'Spend' },
    { tag: 'money', type: 'currency', label: 'Money' },
    { tag: 'text', type: 'text', label: 'Notes' },
  ];
  const field = (tag: string) => {
    const found = FIELDS.find((f) => f.tag === tag);
    if (!found) throw new Error(tag);
    return found;
  };

  it('show option labels, file names, names for ids and dates as YYYY-MM-DD', () => {
    expect(answerCell(field('radio'), 'approve', lookups)).toBe('Approve');
    expect(answerCell(field('multi'), ['a', 'b', 'zz'], lookups)).toBe('Alpha; Beta; zz');
    expect(answerCell(field('cascader'), ['eu', 'fr'], lookups)).toBe('Europe / France');
    expect(answerCell(field('files'), [{ name: 'a.pdf' }, { name: 'b.png' }], lookups)).toBe('a.pdf; b.png');
    expect(answerCell(field('file'), { id: 1, name: 'contract.pdf', size: 1 }, lookups)).toBe('contract.pdf');
    expect(answerCell(field('date'), '2025-03-04T22:00:00.000Z', lookups)).toBe('2025-03-04');
    expect(answerCell(field('naive'), '2025-03-04', lookups)).toBe('2025-03-04');
    expect(answerCell(field('region'), 1, lookups)).toBe('Europe');
    expect(answerCell(field('unit'), 2, lookups)).toBe('Paris');
    expect(answerCell(field('owner'), 3, lookups)).toBe('Ada Admin');
    expect(answerCell(field('owner'), 9, lookups)).toBe('9');
    expect(answerCell(field('country'), 'FR', lookups)).toBe('France');
    expect(answerCell(field('bool'), false, lookups)).toBe('No');
    expect(answerCell(field('spend'), 1500, lookups)).toBe(1500);
    expect(answerCell(field('money'), { amount: 10.5, currency: 'EUR' }, lookups)).toBe('10.5 EUR');
    expect(answerCell(field('text'), '', lookups)).toBeNull();
    expect(answerCell(field('text'), null, lookups)).toBeNull();
  });
});
