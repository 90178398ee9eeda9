import {
  BATCH_IMPORT_ERROR_CODES,
  BATCH_IMPORT_MESSAGES,
  BATCH_IMPORT_PATHS,
  RECORD_PATHS,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { importsTestTenant, uploadFile } from '../../test/batch-import-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, VC, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchImportRunner } from './index.js';

const { app, db, adminDb, services } = await createTestApp();
const runner = createBatchImportRunner({ db, jobs: null, files: services.files });

const columns = [
  { index: 0, header: 'Name', target: { kind: 'field', field_tag: 'name' } },
  { index: 1, header: 'VAT', target: { kind: 'field', field_tag: 'vat_number' } },
  { index: 2, header: 'E-mail', target: { kind: 'field', field_tag: 'contact_email' } },
];

function csv(rows: number, email: (row: number) => string): string {
  const lines = ['Name,VAT,E-mail'];
  for (let row = 1; row <= rows; row += 1) lines.push(`Supplier ${row},GB${row},${email(row)}`);
  return `${lines.join('\n')}\n`;
}

// Uploaded, mapped, run to its end; answers the import's id.
async function imported(client: TestClient, tenantId: string, body: string, mapping: object) {
  const id = (await uploadFile(client, body)).json().id as number;
  const mapped = await client.request({
    method: 'PUT',
    url: BATCH_IMPORT_PATHS.mapping(id),
    payload: mapping,
  });
  expect(mapped.json().state).toBe('validated');
  expect((await client.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(202);
  await runner.runQueued(tenantId);
  expect((await client.get(BATCH_IMPORT_PATHS.import(id))).json().state).toBe('finished');
  return id;
}

async function recordsOf(tenantId: string) {
  return adminDb
    .selectFrom('records')
    .select(['id', 'title', 'data', 'revision', 'import_row'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

async function outcomes(importId: number) {
  const rows = await adminDb
    .selectFrom('batch_import_rows')
    .select(['row_number', 'outcome'])
    .where('import_id', '=', String(importId))
    .orderBy('row_number')
    .execute();
  return rows.map((r) => [r.row_number, r.outcome]);
}

describe('batch import: undo', () => {
  it('deletes what the import created', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await imported(
      admin,
      t.id,
      csv(5, (r) => `b${r}@example.com`),
      { columns },
    );
    expect(await recordsOf(t.id)).toHaveLength(5);

    const undo = await admin.post(BATCH_IMPORT_PATHS.undo(id), {});
    expect(undo.statusCode).toBe(202);
    expect(undo.json().state).toBe('undoing');
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({ state: 'undone' });
    expect(await recordsOf(t.id)).toHaveLength(0);
    expect(await outcomes(id)).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'undone']));
    const again = await admin.post(BATCH_IMPORT_PATHS.undo(id), {});
    expect(again.json()).toMatchObject({ code: BATCH_IMPORT_ERROR_CODES.alreadyUndone });
  });

  it('refuses, naming the row, when an imported record was edited since, and changes nothing', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await imported(
      admin,
      t.id,
      csv(5, (r) => `b${r}@example.com`),
      { columns },
    );
    const third = (await recordsOf(t.id)).find((r) => r.import_row === 3);
    const edit = await admin.request({
      method: 'PATCH',
      url: RECORD_PATHS.record('supplier', Number(third?.id)),
      payload: { revision: third?.revision, values: { contact_email: 'new@example.com' } },
    });
    expect(edit.statusCode).toBe(200);
    const before = await recordsOf(t.id);

    const undo = await admin.post(BATCH_IMPORT_PATHS.undo(id), {});
    expect(undo.statusCode).toBe(400);
    expect(undo.json()).toEqual({
      code: BATCH_IMPORT_ERROR_CODES.changedSince,
      detail: BATCH_IMPORT_MESSAGES.changedSince([3]),
      rows: [3],
    });
    expect(BATCH_IMPORT_MESSAGES.changedSince([3])).toContain('row 3');
    await runner.runQueued(t.id);
    expect(await recordsOf(t.id)).toEqual(before);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json().state).toBe('finished');
  });

  it('puts the old values back after an update, and keeps a record changed between the check and the job', async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await imported(
      admin,
      t.id,
      csv(3, (r) => `old${r}@example.com`),
      { columns },
    );
    const id = await imported(
      admin,
      t.id,
      csv(3, (r) => `new${r}@example.com`),
      {
        columns,
        mode: 'update',
        key_name: 'vat_number',
      },
    );
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({ updated: 3 });
    const updated = await recordsOf(t.id);
    expect(updated.map((r) => (r.data as { contact_email: string }).contact_email)).toEqual([
      'new1@example.com',
      'new2@example.com',
      'new3@example.com',
    ]);

    expect((await admin.post(BATCH_IMPORT_PATHS.undo(id), {})).statusCode).toBe(202);
    // Edited after the check, before the job: the job keeps it.
    const second = updated[1];
    const edit = await admin.request({
      method: 'PATCH',
      url: RECORD_PATHS.record('supplier', Number(second?.id)),
      payload: { revision: second?.revision, values: { contact_email: 'mine@example.com' } },
    });
    expect(edit.statusCode).toBe(200);
    await runner.runQueued(t.id);

    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json().state).toBe('undone');
    expect(await outcomes(id)).toEqual([
      [1, 'undone'],
      [2, 'kept_changed'],
      [3, 'undone'],
    ]);
    const after = await recordsOf(t.id);
    expect(after.map((r) => (r.data as { contact_email: string }).contact_email)).toEqual([
      'old1@example.com',
      'mine@example.com',
      'old3@example.com',
    ]);
    const activity = await adminDb
      .selectFrom('record_activity')
      .select('action')
      .where('record_id', '=', String(after[0]?.id))
      .orderBy('id')
      .execute();
    expect(activity.map((a) => a.action)).toEqual(['imported', 'imported', 'import_undone']);
  });

  it('deletes the workflows it created, unless one was acted on since (refused, naming its row)', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const importChecks = async () => {
      const upload = await admin.request({
        method: 'POST',
        url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
        payload: Buffer.from('Name,Vendor,Region\nA,Acme,Europe\nB,Beta,Europe\nC,Gamma,Europe\n'),
        headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
      });
      const id = upload.json().id as number;
      const mapped = await admin.request({
        method: 'PUT',
        url: BATCH_IMPORT_PATHS.mapping(id),
        payload: {
          columns: [
            { index: 0, header: 'Name', target: { kind: 'attribute', attribute: 'name' } },
            { index: 1, header: 'Vendor', target: { kind: 'field', field_tag: VC.name } },
            { index: 2, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
          ],
        },
      });
      expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 3 });
      await admin.post(BATCH_IMPORT_PATHS.run(id), {});
      await runner.runQueued(t.id);
      return id;
    };
    const workflowsOf = (id: number) =>
      adminDb
        .selectFrom('workflows')
        .select(['id', 'import_row'])
        .where('tenant_id', '=', t.id)
        .where('import_id', '=', String(id))
        .orderBy('import_row')
        .execute();

    const touched = await importChecks();
    const second = (await workflowsOf(touched))[1];
    await adminDb
      .insertInto('workflow_activity')
      .values({ tenant_id: t.id, workflow_id: String(second?.id), action: 'updated', details: '{}' })
      .execute();
    const refused = await admin.post(BATCH_IMPORT_PATHS.undo(touched), {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: BATCH_IMPORT_ERROR_CODES.changedSince, rows: [2] });
    expect(await workflowsOf(touched)).toHaveLength(3);

    const untouched = await importChecks();
    expect((await admin.post(BATCH_IMPORT_PATHS.undo(untouched), {})).statusCode).toBe(202);
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(untouched))).json().state).toBe('undone');
    expect(await workflowsOf(untouched)).toHaveLength(0);
    expect(await outcomes(untouched)).toEqual([
      [1, 'undone'],
      [2, 'undone'],
      [3, 'undone'],
    ]);
  });

  it("puts an updated workflow's answers and place back, and refuses once someone acted on one since", async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const a = await createVendorCheck(t, admin, 'A check');
    const b = await createVendorCheck(t, admin, 'B check');
    await admin.post(WORKFLOW_PATHS.answer(a), { field_tag: VC.spend, value: 10 });
    const updateChecks = async (body: string) => {
      const upload = await admin.request({
        method: 'POST',
        url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
        payload: Buffer.from(`ID,Annual spend,Notes,Business unit\n${body}`),
        headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
      });
      const id = upload.json().id as number;
      const mapped = await admin.request({
        method: 'PUT',
        url: BATCH_IMPORT_PATHS.mapping(id),
        payload: {
          mode: 'update',
          key_name: 'id',
          columns: [
            { index: 0, header: 'ID', target: { kind: 'attribute', attribute: 'id' } },
            { index: 1, header: 'Annual spend', target: { kind: 'field', field_tag: VC.spend } },
            { index: 2, header: 'Notes', target: { kind: 'field', field_tag: VC.notes } },
            { index: 3, header: 'Business unit', target: { kind: 'attribute', attribute: 'business_unit' } },
          ],
        },
      });
      expect(mapped.json()).toMatchObject({ state: 'validated', rows_invalid: 0 });
      await admin.post(BATCH_IMPORT_PATHS.run(id), {});
      await runner.runQueued(t.id);
      expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({ state: 'finished' });
      return id;
    };
    const seen = async (id: number) => {
      const detail = (await admin.get(WORKFLOW_PATHS.workflow(id))).json();
      return {
        spend: detail.answers[VC.spend] ?? null,
        notes: detail.answers[VC.notes] ?? null,
        unit: detail.business_unit?.name ?? null,
      };
    };

    const id = await updateChecks(`${a},2500,,Berlin\n${b},,Checked,\n`);
    expect(await seen(a)).toEqual({ spend: 2500, notes: null, unit: 'Berlin' });
    expect(await seen(b)).toEqual({ spend: null, notes: 'Checked', unit: 'Paris' });
    expect((await admin.post(BATCH_IMPORT_PATHS.undo(id), {})).statusCode).toBe(202);
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json().state).toBe('undone');
    expect(await outcomes(id)).toEqual([
      [1, 'undone'],
      [2, 'undone'],
    ]);
    expect(await seen(a)).toEqual({ spend: 10, notes: null, unit: 'Paris' });
    expect(await seen(b)).toEqual({ spend: null, notes: null, unit: 'Paris' });
    // The alert the import's answer raised went with it.
    expect((await admin.get(WORKFLOW_PATHS.workflow(a))).json().alerts).toEqual([]);

    // Answered by hand after a second import: its undo is refused, naming that row, and changes nothing.
    const again = await updateChecks(`${a},30,,\n${b},,Again,\n`);
    await admin.post(WORKFLOW_PATHS.answer(b), { field_tag: VC.spend, value: 7 });
    const refused = await admin.post(BATCH_IMPORT_PATHS.undo(again), {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: BATCH_IMPORT_ERROR_CODES.changedSince,
      detail: BATCH_IMPORT_MESSAGES.changedSince([2]),
      rows: [2],
    });
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(again))).json().state).toBe('finished');
    expect(await seen(a)).toEqual({ spend: 30, notes: null, unit: 'Paris' });
    expect(await seen(b)).toEqual({ spend: 7, notes: 'Again', unit: 'Paris' });

    // Answered by hand between the undo's check and its job: the job keeps that person's work.
    const third = await updateChecks(`${a},44,,\n`);
    expect((await admin.post(BATCH_IMPORT_PATHS.undo(third), {})).statusCode).toBe(202);
    await admin.post(WORKFLOW_PATHS.answer(a), { field_tag: VC.spend, value: 45 });
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(third))).json().state).toBe('undone');
    expect(await outcomes(third)).toEqual([[1, 'kept_changed']]);
    expect(await seen(a)).toEqual({ spend: 45, notes: null, unit: 'Paris' });
  });
});
