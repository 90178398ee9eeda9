import { BATCH_IMPORT_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { importsTestTenant, uploadFile } from '../../test/batch-import-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { createBatchImportRunner } from './index.js';

const { app, db, adminDb, services } = await createTestApp();
const runner = createBatchImportRunner({ db, jobs: null, files: services.files });

const CSV = 'Supplier name,VAT_NUMBER\nAcme,GB1\nGlobex,GB2\n';
const columns = [
  { index: 0, header: 'Supplier name', target: { kind: 'field', field_tag: 'name' } },
  { index: 1, header: 'VAT_NUMBER', target: { kind: 'field', field_tag: 'vat_number' } },
];

// docs/batch-jobs.md, Permissions: an import's rows hold the file's cells, so it is its creator's,
// and seen by others only when they may both view the pipeline and perform imports.
describe('who sees an import', () => {
  it("a viewer who may not perform imports gets 404 on another's import, its rows and its results", async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const { id } = (await uploadFile(admin, CSV)).json();
    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(id),
      payload: { columns, mode: 'create' },
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 2 });
    expect((await admin.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(202);
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.results(id))).statusCode).toBe(200);

    await grant(adminDb, t.id, t.users.member, ['can_view_import_pipeline']);
    const member = await t.signedIn('member');
    expect((await member.get(BATCH_IMPORT_PATHS.import(id))).statusCode).toBe(404);
    expect((await member.get(BATCH_IMPORT_PATHS.rows(id))).statusCode).toBe(404);
    expect((await member.get(BATCH_IMPORT_PATHS.results(id))).statusCode).toBe(404);
    expect((await member.get(BATCH_IMPORT_PATHS.imports)).json()).toMatchObject({ count: 0, results: [] });

    // With both permissions the member runs the tenant's imports, so sees them all.
    await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
    const runnerOfImports = await t.signedIn('member');
    expect((await runnerOfImports.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      id,
      state: 'finished',
      created: 2,
    });
    expect((await runnerOfImports.get(BATCH_IMPORT_PATHS.rows(id))).json()).toMatchObject({ count: 2 });
    expect((await runnerOfImports.get(BATCH_IMPORT_PATHS.results(id))).statusCode).toBe(200);
    expect((await runnerOfImports.get(BATCH_IMPORT_PATHS.imports)).json()).toMatchObject({ count: 1 });
  });

  it("one who may perform imports but not view the pipeline may not map, run or undo another's", async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const { id } = (await uploadFile(admin, CSV)).json();
    await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
    const member = await t.signedIn('member');
    const mapping = await member.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(id),
      payload: { columns, mode: 'create' },
    });
    expect(mapping.statusCode).toBe(404);
    expect((await member.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(404);
    expect((await member.post(BATCH_IMPORT_PATHS.undo(id), {})).statusCode).toBe(404);
    // Its own import is its own: the creator maps it without the view permission.
    const own = (await uploadFile(member, CSV)).json();
    const mapped = await member.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(own.id),
      payload: { columns, mode: 'create' },
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 2 });
  });
});
