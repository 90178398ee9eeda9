import {
  ANSWER_ERROR_MESSAGES,
  BATCH_IMPORT_ERROR_CODES,
  BATCH_IMPORT_MESSAGES,
  BATCH_IMPORT_PATHS,
  IMPORT_ROW_MESSAGES,
  RECORD_PATHS,
  WORKFLOW_PATHS,
} from '@attest/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import {
  importRowCounts,
  importsTestTenant,
  resultsCsvRows,
  uploadFile,
} from '../../test/batch-import-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { VC, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchImportRunner } from './index.js';

const { app, db, adminDb, services } = await createTestApp();
const runner = createBatchImportRunner({ db, jobs: null, files: services.files });

const HEADER = 'Supplier name,VAT_NUMBER,Country,Contact e-mail,Employees';

// 50 suppliers; row 3 has a bad e-mail, 17 no name, 30 the VAT number of a record that exists, 50 the
// VAT number of row 5.
function suppliersCsv(): string {
  const lines = [HEADER];
  for (let row = 1; row <= 50; row += 1) {
    const name = row === 17 ? '' : `Supplier ${row}`;
    const vat = row === 50 ? 'GB5' : row === 30 ? 'gb-existing' : `GB${row}`;
    const email = row === 3 ? 'not-an-address' : `buyer${row}@example.com`;
    lines.push(`${name},${vat},FR,${email},${row * 10}`);
  }
  return `${lines.join('\n')}\n`;
}

const columns = [
  { index: 0, header: 'Supplier name', target: { kind: 'field', field_tag: 'name' } },
  { index: 1, header: 'VAT_NUMBER', target: { kind: 'field', field_tag: 'vat_number' } },
  { index: 2, header: 'Country', target: { kind: 'field', field_tag: 'country' } },
  { index: 3, header: 'Contact e-mail', target: { kind: 'field', field_tag: 'contact_email' } },
  { index: 4, header: 'Employees', target: { kind: 'field', field_tag: 'employees' } },
];

function putMapping(client: TestClient, id: number, body: object) {
  return client.request({ method: 'PUT', url: BATCH_IMPORT_PATHS.mapping(id), payload: body });
}

describe('batch import: upload, mapping and preview', () => {
  it('stages a CSV, suggests its mapping, and previews exactly the bad rows with their own messages', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const existing = await admin.post(RECORD_PATHS.records('supplier'), {
      values: { name: 'Existing Ltd', vat_number: 'GB-EXISTING' },
    });
    expect(existing.statusCode).toBe(201);

    const upload = await uploadFile(admin, suppliersCsv());
    expect(upload.statusCode).toBe(201);
    const created = upload.json();
    expect(created).toMatchObject({
      state: 'parsed',
      format: 'csv',
      file_name: 'suppliers.csv',
      rows_total: 50,
      headers: HEADER.split(','),
      mapping: null,
      object_type: { tag: 'supplier', name: 'Supplier' },
    });
    // 'Supplier name' names no field: the person maps it; the others match by label or tag.
    expect(created.suggested_mapping.map((c: { target: unknown }) => c.target)).toEqual([
      null,
      ...columns.slice(1).map((c) => c.target),
    ]);
    const staged = await adminDb
      .selectFrom('batch_import_rows')
      .select(['row_number', 'cells'])
      .where('import_id', '=', String(created.id))
      .orderBy('row_number')
      .execute();
    expect(staged).toHaveLength(50);
    expect(staged[0]).toEqual({
      row_number: 1,
      cells: ['Supplier 1', 'GB1', 'FR', 'buyer1@example.com', '10'],
    });

    const mapped = await putMapping(admin, created.id, { columns, mode: 'create', save_as: 'Suppliers' });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json()).toMatchObject({
      state: 'validated',
      rows_valid: 46,
      rows_invalid: 4,
      mapping: columns,
    });

    const preview = await admin.get(`${BATCH_IMPORT_PATHS.rows(created.id)}?problems=only`);
    expect(preview.statusCode).toBe(200);
    const page = preview.json();
    expect(page.count).toBe(4);
    expect(
      page.results.map((r: { row_number: number; problems: unknown }) => [r.row_number, r.problems]),
    ).toEqual([
      [
        3,
        [
          {
            column: 3,
            field_tag: 'contact_email',
            code: 'invalid_email',
            message: ANSWER_ERROR_MESSAGES.invalid_email(),
          },
        ],
      ],
      [
        17,
        [
          {
            column: 0,
            field_tag: 'name',
            code: 'title_missing',
            message: IMPORT_ROW_MESSAGES.title_missing({ field: 'Name' }),
          },
        ],
      ],
      [
        30,
        [
          {
            column: 1,
            field_tag: 'vat_number',
            code: 'key_exists',
            message: IMPORT_ROW_MESSAGES.key_exists({ key: 'VAT number', id: existing.json().id }),
          },
        ],
      ],
      [
        50,
        [
          {
            column: 1,
            field_tag: 'vat_number',
            code: 'duplicate_in_file',
            message: IMPORT_ROW_MESSAGES.duplicate_in_file({ key: 'VAT number', row: 5 }),
          },
        ],
      ],
    ]);
    const all = (await admin.get(`${BATCH_IMPORT_PATHS.rows(created.id)}?limit=20&offset=20`)).json();
    expect(all).toMatchObject({ count: 50 });
    expect(all.results.map((r: { row_number: number }) => r.row_number)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 21),
    );
    expect(all.next).toContain('offset=40');

    // The saved mapping is suggested for the next file of the type, header by header.
    const again = (await uploadFile(admin, `${HEADER}\nAcme,GB900,FR,a@example.com,3\n`)).json();
    expect(again.suggested_mapping).toEqual(columns);
    const list = (await admin.get(BATCH_IMPORT_PATHS.imports)).json();
    expect(list.count).toBe(2);
    expect(list.results.map((i: { id: number }) => i.id)).toEqual([again.id, created.id]);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(created.id))).json()).toMatchObject({
      rows_valid: 46,
      created_by: { email: t.email('admin') },
    });
  });

  it('refuses a mapping without the title, with an unknown field, or an update without its key mapped', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const { id } = (await uploadFile(admin, `${HEADER}\nAcme,GB1,FR,a@example.com,3\n`)).json();

    const noTitle = await putMapping(admin, id, { columns: columns.slice(1), mode: 'create' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({
      code: BATCH_IMPORT_ERROR_CODES.titleNotMapped,
      detail: "Map a column to 'Name' (the title) to create suppliers.",
    });
    const unknown = await putMapping(admin, id, {
      columns: [
        ...columns.slice(0, 4),
        { index: 4, header: 'Employees', target: { kind: 'field', field_tag: 'staff' } },
      ],
    });
    expect(unknown.json()).toMatchObject({
      code: BATCH_IMPORT_ERROR_CODES.unknownField,
      detail: BATCH_IMPORT_MESSAGES.unknownField('staff'),
    });
    const noKey = await putMapping(admin, id, {
      columns: [columns[0], ...columns.slice(2)],
      mode: 'update',
      key_name: 'vat_number',
    });
    expect(noKey.json()).toMatchObject({
      code: BATCH_IMPORT_ERROR_CODES.keyNotMapped,
      detail: BATCH_IMPORT_MESSAGES.keyNotMapped('VAT number'),
    });
    const badKey = await putMapping(admin, id, { columns, mode: 'update', key_name: 'country' });
    expect(badKey.json()).toMatchObject({ code: BATCH_IMPORT_ERROR_CODES.unknownKey });
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      state: 'parsed',
      mapping: null,
    });
  });

  it('in update mode, a key no record holds is a problem of its row', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await admin.post(RECORD_PATHS.records('supplier'), { values: { name: 'Acme', vat_number: 'GB1' } });
    const { id } = (await uploadFile(admin, `${HEADER}\nAcme,GB1,FR,,\nBeta,GB2,,,\n,,,,7\n`)).json();
    const mapped = await putMapping(admin, id, { columns, mode: 'update', key_name: 'vat_number' });
    expect(mapped.json()).toMatchObject({ rows_valid: 1, rows_invalid: 2 });
    const rows = (await admin.get(`${BATCH_IMPORT_PATHS.rows(id)}?problems=only`)).json().results;
    expect(
      rows.map((r: { row_number: number; problems: { code: string }[] }) => [
        r.row_number,
        r.problems.map((p) => p.code),
      ]),
    ).toEqual([
      [2, ['key_not_found']],
      [3, ['key_missing']],
    ]);
  });

  it("checks each row's region and business unit by name, and the importer's access to them", async () => {
    const t = await importsTestTenant(app, adminDb);
    // The admin keeps full access to Europe only.
    await adminDb
      .deleteFrom('user_region_access')
      .where('tenant_id', '=', t.id)
      .where('user_id', '=', String(t.users.admin))
      .where('region_id', '=', String(t.ids.region('Asia')))
      .execute();
    const admin = await t.signedIn('admin');
    const csv = [
      'Name,Region,Business unit',
      'Site A,europe,PARIS',
      'Site B,,',
      'Site C,Mars,',
      'Site D,Europe,Tokyo',
      'Site E,Europe,Lyon',
      'Site F,Asia,',
    ].join('\n');
    const { id, suggested_mapping } = (await uploadFile(admin, csv, { objectType: 'site' })).json();
    const mapped = await putMapping(admin, id, { columns: suggested_mapping });
    expect(mapped.json()).toMatchObject({ rows_valid: 1, rows_invalid: 5 });
    const rows = (await admin.get(`${BATCH_IMPORT_PATHS.rows(id)}?problems=only`)).json().results;
    expect(rows.map((r: { row_number: number; problems: unknown[] }) => [r.row_number, r.problems])).toEqual([
      [
        2,
        [
          {
            column: 1,
            field_tag: null,
            code: 'place_required',
            message: IMPORT_ROW_MESSAGES.place_required(),
          },
        ],
      ],
      [
        3,
        [
          {
            column: 1,
            field_tag: null,
            code: 'unknown_region',
            message: IMPORT_ROW_MESSAGES.unknown_region({ value: 'Mars' }),
          },
        ],
      ],
      [
        4,
        [
          {
            column: 2,
            field_tag: null,
            code: 'unit_outside_region',
            message: IMPORT_ROW_MESSAGES.unit_outside_region({ unit: 'Tokyo', region: 'Europe' }),
          },
        ],
      ],
      [
        5,
        [
          {
            column: 2,
            field_tag: null,
            code: 'unknown_business_unit',
            message: IMPORT_ROW_MESSAGES.unknown_business_unit({ value: 'Lyon' }),
          },
        ],
      ],
      [
        6,
        [
          {
            column: 1,
            field_tag: null,
            code: 'place_not_allowed',
            message: IMPORT_ROW_MESSAGES.place_not_allowed({ value: 'Asia' }),
          },
        ],
      ],
    ]);
  });

  it("answers 404 for another tenant's import and 403 without the permissions", async () => {
    const a = await importsTestTenant(app, adminDb);
    const b = await importsTestTenant(app, adminDb);
    const adminA = await a.signedIn('admin');
    const adminB = await b.signedIn('admin');
    const { id } = (await uploadFile(adminA, `${HEADER}\nAcme,GB1,FR,a@example.com,3\n`)).json();

    expect((await adminB.get(BATCH_IMPORT_PATHS.import(id))).statusCode).toBe(404);
    expect((await adminB.get(BATCH_IMPORT_PATHS.rows(id))).statusCode).toBe(404);
    expect((await putMapping(adminB, id, { columns })).statusCode).toBe(404);
    expect((await adminB.get(BATCH_IMPORT_PATHS.imports)).json()).toMatchObject({ count: 0 });
    // B has no supplier type of A's: an upload into another tenant's type is 404 too, and keeps nothing.
    await adminDb
      .deleteFrom('object_types')
      .where('tenant_id', '=', b.id)
      .where('tag', '=', 'site')
      .execute();
    expect((await uploadFile(adminB, `${HEADER}\n`, { objectType: 'site' })).statusCode).toBe(404);

    const member = await a.signedIn('member');
    expect((await member.get(BATCH_IMPORT_PATHS.imports)).statusCode).toBe(403);
    expect((await member.get(BATCH_IMPORT_PATHS.import(id))).statusCode).toBe(403);
    expect((await uploadFile(member, `${HEADER}\nAcme,GB1,FR,a@example.com,3\n`)).statusCode).toBe(403);
    expect((await putMapping(member, id, { columns })).statusCode).toBe(403);
    expect(await importRowCounts(adminDb, b.id)).toEqual({ imports: 0, rows: 0 });
  });
});

describe('batch import: the 50-row file as a workbook, and workflows started at a step', () => {
  // Plan §9: 50 suppliers, row 3 a bad e-mail, 17 no name, 50 the VAT number of row 5; employees as
  // numbers, as a spreadsheet holds them.
  async function suppliersWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Suppliers');
    sheet.addRow(HEADER.split(','));
    for (let row = 1; row <= 50; row += 1) {
      const name = row === 17 ? '' : `Supplier ${row}`;
      const vat = row === 50 ? 'GB5' : `GB${row}`;
      const email = row === 3 ? 'not-an-address' : `buyer${row}@example.com`;
      sheet.addRow([name, vat, 'FR', email, row * 10]);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('previews exactly rows 3, 17 and 50, creates the other 47, and marks those three failed in the results', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const upload = await uploadFile(admin, await suppliersWorkbook(), { fileName: 'suppliers.xlsx' });
    expect(upload.statusCode).toBe(201);
    const { id } = upload.json();
    expect(upload.json()).toMatchObject({ format: 'xlsx', rows_total: 50, headers: HEADER.split(',') });
    const mapped = await putMapping(admin, id, { columns, mode: 'create' });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 47, rows_invalid: 3 });
    const preview = (await admin.get(`${BATCH_IMPORT_PATHS.rows(id)}?problems=only`)).json();
    expect(
      preview.results.map((r: { row_number: number; problems: { code: string; message: string }[] }) => [
        r.row_number,
        r.problems.map((p) => p.message),
      ]),
    ).toEqual([
      [3, [ANSWER_ERROR_MESSAGES.invalid_email()]],
      [17, [IMPORT_ROW_MESSAGES.title_missing({ field: 'Name' })]],
      [50, [IMPORT_ROW_MESSAGES.duplicate_in_file({ key: 'VAT number', row: 5 })]],
    ]);

    expect((await admin.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(202);
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      state: 'finished',
      created: 47,
      failed: 3,
    });
    const records = await adminDb
      .selectFrom('records')
      .select(['import_row', 'data'])
      .where('tenant_id', '=', t.id)
      .where('import_id', '=', String(id))
      .orderBy('import_row')
      .execute();
    expect(records).toHaveLength(47);
    expect(records[0]?.data).toMatchObject({ name: 'Supplier 1', employees: 10 });

    const results = await admin.get(BATCH_IMPORT_PATHS.results(id));
    expect(results.statusCode).toBe(200);
    expect(results.headers['content-disposition']).toContain('suppliers-results.csv');
    const rows = resultsCsvRows(results.body);
    expect(rows[0]).toEqual(['row', 'outcome', 'id', 'title', 'messages', ...HEADER.split(',')]);
    expect(rows).toHaveLength(51);
    expect(
      rows
        .slice(1)
        .filter((r) => r[1] === 'failed')
        .map((r) => r[0]),
    ).toEqual(['3', '17', '50']);
    expect(rows.slice(1).filter((r) => r[1] === 'created')).toHaveLength(47);
    expect(rows[3]?.slice(4)).toEqual([
      ANSWER_ERROR_MESSAGES.invalid_email(),
      'Supplier 3',
      'GB3',
      'FR',
      'not-an-address',
      '30',
    ]);
  });

  it('creates workflows that stand at the start step: the steps before it submitted by the importer', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const upload = await admin.request({
      method: 'POST',
      url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
      payload: Buffer.from('Name,Vendor,Region\nAcme check,Acme,Europe\nBeta check,Beta,Europe\n'),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
    });
    const id = upload.json().id as number;
    const mapped = await putMapping(admin, id, {
      columns: [
        { index: 0, header: 'Name', target: { kind: 'attribute', attribute: 'name' } },
        { index: 1, header: 'Vendor', target: { kind: 'field', field_tag: VC.name } },
        { index: 2, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
      ],
      start_step_tag: VC.review,
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', start_step_tag: VC.review, rows_valid: 2 });
    await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({ created: 2 });
    const created = await adminDb
      .selectFrom('workflows')
      .select('id')
      .where('tenant_id', '=', t.id)
      .where('import_id', '=', String(id))
      .orderBy('import_row')
      .execute();
    expect(created).toHaveLength(2);
    for (const workflow of created) {
      const detail = (await admin.get(WORKFLOW_PATHS.workflow(Number(workflow.id)))).json();
      const step = (tag: string) => detail.steps.find((s: { tag: string }) => s.tag === tag);
      // The intake submitted (its on_submit status applied), the review open for work.
      expect(step(VC.intake)).toMatchObject({ state: 'completed', completed_by: { id: t.users.admin } });
      expect(step(VC.review)).toMatchObject({ state: 'enabled', completed_at: null });
      expect(detail.status.tag).toBe('in_review');
    }
  });
});
