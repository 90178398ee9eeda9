import {
  BATCH_IMPORT_ERROR_CODES,
  BATCH_IMPORT_MESSAGES,
  BATCH_IMPORT_PATHS,
  RECORD_MESSAGES,
  RECORD_PATHS,
  userChannel,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import { grant } from '../../test/admin-fixtures.js';
import { importsTestTenant, uploadFile } from '../../test/batch-import-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { VC, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchImportRunner } from './index.js';

const { app, db, adminDb, services } = await createTestApp();
const heard: OutgoingEvent[] = [];
const runner = createBatchImportRunner({
  db,
  jobs: null,
  files: services.files,
  realtime: { publish: (events) => heard.push(...events) },
});

const columns = [
  { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'name' } },
  { index: 1, header: 'VAT', target: { kind: 'field', field_tag: 'vat_number' } },
  { index: 2, header: 'E-mail', target: { kind: 'field', field_tag: 'contact_email' } },
];

// 50 suppliers; row 3 has a bad e-mail, 17 no name, 50 the VAT number of row 5; row 7's name looks
// like a formula.
function suppliersCsv(): string {
  const lines = ['Name,VAT,E-mail'];
  for (let row = 1; row <= 50; row += 1) {
    const name = row === 17 ? '' : row === 7 ? '=HYPERLINK("x")' : `Supplier ${row}`;
    const vat = row === 50 ? 'GB5' : `GB${row}`;
    const email = row === 3 ? 'not-an-address' : `buyer${row}@example.com`;
    lines.push(`"${name.replaceAll('"', '""')}",${vat},${email}`);
  }
  return `${lines.join('\n')}\n`;
}

// RFC 4180 lines of the results file (no cell here holds a line break).
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => unquote(m[1] ?? '')),
    );
}
const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);

async function validatedImport(client: TestClient) {
  const upload = await uploadFile(client, suppliersCsv());
  expect(upload.statusCode).toBe(201);
  const id = upload.json().id as number;
  const mapped = await client.request({
    method: 'PUT',
    url: BATCH_IMPORT_PATHS.mapping(id),
    payload: { columns, mode: 'create' },
  });
  expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 47, rows_invalid: 3 });
  return id;
}

async function importedRecords(tenantId: string, importId: number) {
  return adminDb
    .selectFrom('records')
    .select(['id', 'title', 'import_row'])
    .where('tenant_id', '=', tenantId)
    .where('import_id', '=', String(importId))
    .orderBy('import_row')
    .execute();
}

describe('batch import: run and results', () => {
  it('creates the 47 good rows, and its results file marks exactly rows 3, 17 and 50 failed', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await validatedImport(admin);

    const notYet = await admin.get(BATCH_IMPORT_PATHS.results(id));
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().detail).toBe(BATCH_IMPORT_MESSAGES.resultsNotReady);

    const run = await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    expect(run.statusCode).toBe(202);
    expect(run.json()).toMatchObject({ state: 'queued' });
    const again = await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: BATCH_IMPORT_ERROR_CODES.notRunnable,
      detail: BATCH_IMPORT_MESSAGES.notRunnable,
    });

    expect(await runner.runQueued(t.id)).toBe(1);
    const done = (await admin.get(BATCH_IMPORT_PATHS.import(id))).json();
    expect(done).toMatchObject({ state: 'finished', created: 47, failed: 3, rows_done: 47, progress: 1 });
    expect(done.results_available).toBe(true);
    // Told to the person who started it (spec 1 §4 bulk actions): started, then finished.
    const told = heard.filter((e) => e.type === 'batch.import' && e.data.id === id);
    expect(told.map((e) => [e.channel, e.group, e.outcome])).toEqual([
      [userChannel(t.id, t.users.admin), 'bulk_actions', 'started'],
      [userChannel(t.id, t.users.admin), 'bulk_actions', 'finished'],
    ]);
    expect(told[1]?.data).toEqual({ id, action: 'run', done: 47, total: 47 });

    const records = await importedRecords(t.id, id);
    expect(records).toHaveLength(47);
    expect(records.map((r) => r.import_row)).not.toContain(3);
    expect(records.find((r) => r.import_row === 50)).toBeUndefined();
    const seen = (await admin.get(`/api/v1/records/supplier/${records[0]?.id}/`)).json();
    expect(seen.values).toMatchObject({ name: 'Supplier 1', contact_email: 'buyer1@example.com' });

    const results = await admin.get(BATCH_IMPORT_PATHS.results(id));
    expect(results.statusCode).toBe(200);
    expect(results.headers['content-type']).toContain('text/csv');
    const rows = csvRows(results.body);
    expect(rows[0]).toEqual(['row', 'outcome', 'id', 'title', 'messages', 'Name', 'VAT', 'E-mail']);
    expect(rows).toHaveLength(51);
    const failedRows = rows.slice(1).filter((r) => r[1] === 'failed');
    expect(failedRows.map((r) => r[0])).toEqual(['3', '17', '50']);
    expect(failedRows.every((r) => (r[4] ?? '').length > 0)).toBe(true);
    const row1 = rows[1] ?? [];
    expect(row1.slice(0, 5)).toEqual(['1', 'created', String(records[0]?.id), 'Supplier 1', '']);
    // A cell that looks like a formula is shown, never run: the title and the cell are neutralised.
    expect(rows[7]?.[3]).toBe(`'=HYPERLINK("x")`);
    expect(rows[7]?.[5]).toBe(`'=HYPERLINK("x")`);

    // The stored file gone, the results are written again.
    const key = await adminDb
      .selectFrom('batch_imports')
      .select('results_storage_key')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    await services.files.delete(key.results_storage_key ?? '');
    const rebuilt = await admin.get(BATCH_IMPORT_PATHS.results(id));
    expect(rebuilt.statusCode).toBe(200);
    expect(csvRows(rebuilt.body)).toEqual(rows);
  });

  it('writes nothing twice when a run is repeated after its last batch committed', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await validatedImport(admin);
    await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    // Batches of 10, stopped after the second: the rest is left to the next attempt.
    const abort = new AbortController();
    const small = createBatchImportRunner({
      db,
      jobs: null,
      files: services.files,
      batchSize: 10,
      afterBatch: ({ batches }) => batches === 2 && abort.abort(),
    });
    expect(await small.run(t.id, String(id), { signal: abort.signal })).toBe('stopped');
    const half = (await admin.get(BATCH_IMPORT_PATHS.import(id))).json();
    expect(half).toMatchObject({ state: 'running', created: 18, failed: 2 });
    expect(await small.run(t.id, String(id))).toBe('finished');
    const records = await importedRecords(t.id, id);
    expect(records).toHaveLength(47);
    expect(new Set(records.map((r) => r.import_row)).size).toBe(47);
    const outcomes = await adminDb
      .selectFrom('batch_import_rows')
      .select(['outcome', (eb) => eb.fn.countAll<string>().as('n')])
      .where('import_id', '=', String(id))
      .groupBy('outcome')
      .orderBy('outcome')
      .execute();
    expect(outcomes.map((o) => [o.outcome, Number(o.n)])).toEqual([
      ['created', 47],
      ['failed', 3],
    ]);
  });

  it('fails alone a row whose key a record took after the preview, writing the rest of its batch', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await validatedImport(admin);
    const taken = await admin.post(RECORD_PATHS.records('supplier'), {
      values: { name: 'Taken Ltd', vat_number: 'GB4' },
    });
    expect(taken.statusCode).toBe(201);
    await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      state: 'finished',
      created: 46,
      failed: 4,
    });
    const row4 = await adminDb
      .selectFrom('batch_import_rows')
      .select(['outcome', 'message'])
      .where('import_id', '=', String(id))
      .where('row_number', '=', 4)
      .executeTakeFirstOrThrow();
    expect(row4).toEqual({
      outcome: 'failed',
      message: RECORD_MESSAGES.duplicateKey('Supplier', 'VAT number', null),
    });
    expect((await importedRecords(t.id, id)).map((r) => r.import_row)).not.toContain(4);
  });

  it("answers 404 to another tenant's run and results, and 403 to someone who may not import", async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await validatedImport(admin);

    const other = await importsTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');
    expect((await stranger.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(404);
    expect((await stranger.post(BATCH_IMPORT_PATHS.undo(id), {})).statusCode).toBe(404);
    expect((await stranger.get(BATCH_IMPORT_PATHS.results(id))).statusCode).toBe(404);

    const member = await t.signedIn('member');
    expect((await member.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(403);
    const state = await adminDb
      .selectFrom('batch_imports')
      .select('state')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('validated');

    await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    await runner.runQueued(t.id);
    expect((await stranger.get(BATCH_IMPORT_PATHS.results(id))).statusCode).toBe(404);
  });

  it('creates workflows from the good rows, with the steps before the start step submitted', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const lines = ['Name,Annual spend,Region,Vendor'];
    for (let row = 1; row <= 50; row += 1) {
      const name = row === 17 ? '' : `Check ${row}`;
      const spend = row === 3 ? '-5' : String(row * 10);
      const region = row === 50 ? 'Atlantis' : 'Europe';
      lines.push(`${name},${spend},${region},Vendor ${row}`);
    }
    const upload = await admin.request({
      method: 'POST',
      url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
      payload: Buffer.from(`${lines.join('\n')}\n`),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
    });
    const id = upload.json().id as number;
    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(id),
      payload: {
        columns: [
          { index: 0, header: 'Name', target: { kind: 'attribute', attribute: 'name' } },
          { index: 1, header: 'Annual spend', target: { kind: 'field', field_tag: VC.spend } },
          { index: 2, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
          { index: 3, header: 'Vendor', target: { kind: 'field', field_tag: VC.name } },
        ],
        start_step_tag: VC.review,
      },
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 47, rows_invalid: 3 });
    expect((await admin.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(202);
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      state: 'finished',
      created: 47,
      failed: 3,
    });
    const workflows = await adminDb
      .selectFrom('workflows')
      .select(['name', 'import_row', 'completed_steps'])
      .where('tenant_id', '=', t.id)
      .where('import_id', '=', String(id))
      .orderBy('import_row')
      .execute();
    expect(workflows).toHaveLength(47);
    expect(workflows[0]).toMatchObject({ name: 'Check 1', import_row: 1 });
    expect(workflows.every((w) => (w.completed_steps as string[]).includes(VC.intake))).toBe(true);
    const rows = csvRows((await admin.get(BATCH_IMPORT_PATHS.results(id))).body);
    expect(rows).toHaveLength(51);
    expect(rows.filter((r) => r[1] === 'failed').map((r) => r[0])).toEqual(['3', '17', '50']);
    expect(rows[1]?.slice(1, 4)).toEqual(['created', expect.any(String), 'Check 1']);
  });
});
