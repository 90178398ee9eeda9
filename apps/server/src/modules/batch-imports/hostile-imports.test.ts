import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FILE_READER_ERROR_CODES as CODES, FILE_READER_MESSAGES, MAX_IMPORT_BYTES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { importRowCounts, importsTestTenant, uploadFile } from '../../test/batch-import-fixtures.js';
import { bombSheet, handMadeWorkbook } from '../../test/import-file-fixtures.js';
import { createTestApp } from '../../test/test-app.js';

const { app, adminDb, services } = await createTestApp();

// A refused file keeps nothing: no import, no staged row, no stored file (plan §4.1; the import row
// written while its rows were staged is deleted with them). The files directory outlives a test run,
// so what a tenant had before is compared, not an empty folder.
async function storedFiles(tenantId: string): Promise<string[]> {
  const dir = path.join(services.config.FILES_DIR, `t${tenantId}`);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((f) => f.isFile()).map((f) => path.join(f.parentPath, f.name));
}

async function keptNothing(tenantId: string, filesBefore: string[]) {
  expect(await importRowCounts(adminDb, tenantId)).toEqual({ imports: 0, rows: 0 });
  expect(await storedFiles(tenantId)).toEqual(filesBefore);
}

const sheetRow = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

describe('hostile import files', () => {
  it('refuses a workbook with a formula, naming its cell', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const before = await storedFiles(t.id);
    const workbook = await handMadeWorkbook(
      [
        sheetRow(1, text('A1', 'Name') + text('B1', 'Employees')),
        sheetRow(2, `${text('A2', 'Acme')}<c r="B2"><f>1+1</f><v>2</v></c>`),
      ].join(''),
    );
    const response = await uploadFile(admin, workbook, { fileName: 'suppliers.xlsx' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: CODES.formulaCell,
      detail: FILE_READER_MESSAGES.formulaCell({ cell: 'B2' }),
    });
    await keptNothing(t.id, before);
  });

  it('refuses a body over MAX_IMPORT_BYTES with 413: by its length before reading, and as it streams', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const before = await storedFiles(t.id);
    const expected = {
      code: CODES.fileTooLarge,
      detail: FILE_READER_MESSAGES.fileTooLarge({ limitBytes: MAX_IMPORT_BYTES }),
    };
    const declared = await uploadFile(admin, Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a'));
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject(expected);

    // No Content-Length: the store counts the bytes and stops at the limit.
    const line = Buffer.from(`${'x'.repeat(1023)}\n`);
    const chunk = Buffer.concat(Array.from({ length: 1024 }, () => line));
    const streamed = await admin.request({
      method: 'POST',
      url: '/api/v1/batch-imports/?target=records&object_type=supplier',
      payload: Readable.from(
        (function* () {
          yield Buffer.from('Name\n');
          for (let sent = 0; sent <= MAX_IMPORT_BYTES; sent += chunk.length) yield chunk;
        })(),
      ),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'big.csv' },
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toMatchObject(expected);
    await keptNothing(t.id, before);
  }, 60_000);

  it('refuses Latin-1 text naming its line, also after a thousand rows were staged', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const before = await storedFiles(t.id);
    const latin1 = Buffer.from('Name,City\nCafé Müller,Zürich\n', 'latin1');
    const early = await uploadFile(admin, latin1);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: CODES.notUtf8,
      detail: FILE_READER_MESSAGES.notUtf8({ line: 2 }),
    });

    const rows = Array.from({ length: 1_500 }, (_, i) => `Supplier ${i + 1},Paris`).join('\n');
    const late = await uploadFile(
      admin,
      Buffer.concat([Buffer.from(`Name,City\n${rows}\n`), Buffer.from('Müller,Zürich\n', 'latin1')]),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: CODES.notUtf8,
      detail: FILE_READER_MESSAGES.notUtf8({ line: 1_502 }),
    });
    await keptNothing(t.id, before);
  });

  it('refuses a ZIP bomb by its compression ratio, quickly', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const before = await storedFiles(t.id);
    const bomb = await handMadeWorkbook(bombSheet(150 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const response = await uploadFile(admin, bomb, { fileName: 'suppliers.xlsx' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CODES.workbookCompressionRatio });
    expect(Date.now() - started).toBeLessThan(10_000);
    await keptNothing(t.id, before);
  }, 60_000);

  it('refuses a header row naming one column twice, and a file that is not a workbook nor text', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const before = await storedFiles(t.id);
    const twice = await uploadFile(admin, 'Name,Country,country\nAcme,FR,DE\n');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'import_duplicate_header',
      detail: "The column 'country' appears twice.",
    });
    const empty = await uploadFile(admin, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: CODES.fileEmpty });
    await keptNothing(t.id, before);
  });
});
