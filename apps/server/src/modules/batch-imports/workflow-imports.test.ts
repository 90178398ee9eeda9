import {
  BATCH_IMPORT_MESSAGES,
  BATCH_IMPORT_PATHS,
  IMPORT_ROW_MESSAGES,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { createVendorCheck, VC, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchImportRunner } from './index.js';

const { app, db, adminDb, services } = await createTestApp();
const runner = createBatchImportRunner({ db, jobs: null, files: services.files });

describe('batch import of workflows: upload, mapping and preview', () => {
  it("suggests the kind's fields and the workflow's name, and previews each row's problems", async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const upload = await admin.request({
      method: 'POST',
      url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
      payload: Buffer.from(
        'Name,Annual spend,notes,Region\nAcme check,12,First,Europe\n,-5,,europe\nBeta check,12.5,,Europe\n',
      ),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
    });
    expect(upload.statusCode).toBe(201);
    const created = upload.json();
    expect(created).toMatchObject({ target: 'workflows', kind: { id: t.kinds.vendor }, rows_total: 3 });
    const columns = [
      { index: 0, header: 'Name', target: { kind: 'attribute', attribute: 'name' } },
      { index: 1, header: 'Annual spend', target: { kind: 'field', field_tag: VC.spend } },
      { index: 2, header: 'notes', target: { kind: 'field', field_tag: VC.notes } },
      { index: 3, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
    ];
    expect(created.suggested_mapping).toEqual(columns);

    const noName = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(created.id),
      payload: { columns: columns.slice(1) },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toBe(BATCH_IMPORT_MESSAGES.nameNotMapped);

    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(created.id),
      payload: { columns },
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 1, rows_invalid: 2 });
    const rows = (await admin.get(`${BATCH_IMPORT_PATHS.rows(created.id)}?problems=only`)).json().results;
    expect(rows.map((r: { row_number: number }) => r.row_number)).toEqual([2, 3]);
    expect(rows[0].problems).toEqual([
      { column: 1, field_tag: VC.spend, code: 'too_small', message: 'Enter a value of at least 0.' },
      { column: 0, field_tag: null, code: 'name_missing', message: IMPORT_ROW_MESSAGES.name_missing() },
    ]);
    expect(rows[1].problems).toEqual([
      { column: 1, field_tag: VC.spend, code: 'not_integer', message: 'Enter a whole number.' },
    ]);
  });
});

describe('batch import of workflows: update by id', () => {
  const idColumns = [
    { index: 0, header: 'ID', target: { kind: 'attribute', attribute: 'id' } },
    { index: 1, header: 'Annual spend', target: { kind: 'field', field_tag: VC.spend } },
    { index: 2, header: 'Notes', target: { kind: 'field', field_tag: VC.notes } },
    { index: 3, header: 'Business unit', target: { kind: 'attribute', attribute: 'business_unit' } },
  ];

  it("sets the rows' answers through the answer path and moves their unit; an unknown or hidden id is key_not_found", async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const a = await createVendorCheck(t, admin, 'A check');
    const b = await createVendorCheck(t, admin, 'B check');
    await admin.post(WORKFLOW_PATHS.answer(b), { field_tag: VC.spend, value: 40 });
    // In Asia, where the admin has no access: not theirs to update, and never confirmed to exist.
    const hidden = await createVendorCheck(t, admin, 'Hidden check');
    await adminDb
      .updateTable('workflows')
      .set({ region_id: String(t.ids.region('Asia')), business_unit_id: String(t.ids.unit('Tokyo')) })
      .where('id', '=', String(hidden))
      .execute();

    const upload = await admin.request({
      method: 'POST',
      url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
      payload: Buffer.from(
        `ID,Annual spend,Notes,Business unit\n${a},2500,,Berlin\n${b},,Checked,\n${hidden},5,,\n99999999,5,,\n`,
      ),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
    });
    const id = upload.json().id as number;
    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(id),
      payload: { columns: idColumns, mode: 'update', key_name: 'id' },
    });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json()).toMatchObject({
      state: 'validated',
      mode: 'update',
      rows_valid: 2,
      rows_invalid: 2,
    });
    const problems = (await admin.get(`${BATCH_IMPORT_PATHS.rows(id)}?problems=only`)).json().results;
    const notFound = {
      column: 0,
      field_tag: null,
      code: 'key_not_found',
      message: IMPORT_ROW_MESSAGES.key_not_found({ key: 'ID', item: 'workflow' }),
    };
    expect(
      problems.map((r: { row_number: number; problems: unknown }) => [r.row_number, r.problems]),
    ).toEqual([
      [3, [notFound]],
      [4, [notFound]],
    ]);
    expect(notFound.message).toBe('No workflow has this ID, so there is nothing to update.');

    expect((await admin.post(BATCH_IMPORT_PATHS.run(id), {})).statusCode).toBe(202);
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      state: 'finished',
      created: 0,
      updated: 2,
      failed: 2,
    });
    const first = (await admin.get(WORKFLOW_PATHS.workflow(a))).json();
    expect(first.answers[VC.spend]).toBe(2500);
    expect(first.business_unit).toMatchObject({ name: 'Berlin' });
    // The engine's rules follow the answer, as when it is saved by hand: the material-spend alert.
    expect(first.alerts.map((alert: { alert_tag: string }) => alert.alert_tag)).toEqual(['material_spend']);
    const second = (await admin.get(WORKFLOW_PATHS.workflow(b))).json();
    expect(second.answers).toMatchObject({ [VC.spend]: 40, [VC.notes]: 'Checked' });
    expect(second.business_unit).toMatchObject({ name: 'Paris' });
    // The answers' history names the importer, as the answer API's does.
    const history = await adminDb
      .selectFrom('workflow_activity')
      .select(['actor_user_id', 'field_tag', 'details'])
      .where('workflow_id', '=', String(a))
      .orderBy('id')
      .execute();
    expect(
      history
        .map((h) => ({ ...h, event: (h.details as { event?: string }).event }))
        .filter((h) => h.event === 'answer_saved' || h.event === 'place_changed')
        .map((h) => [h.event, h.actor_user_id, h.field_tag]),
    ).toEqual([
      ['answer_saved', String(t.users.admin), VC.spend],
      ['place_changed', String(t.users.admin), null],
    ]);
    const untouched = await adminDb
      .selectFrom('workflow_responses')
      .select('field_tag')
      .where('workflow_id', '=', String(hidden))
      .execute();
    expect(untouched).toEqual([]);
  });

  it('upserts: a row whose ID finds a workflow updates it, a row without an ID creates one', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const a = await createVendorCheck(t, admin, 'A check');
    const upload = await admin.request({
      method: 'POST',
      url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
      payload: Buffer.from(`ID,Name,Annual spend,Region\n${a},A check,75,\n,New check,5,Europe\n`),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
    });
    const id = upload.json().id as number;
    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(id),
      payload: {
        mode: 'upsert',
        key_name: 'id',
        columns: [
          { index: 0, header: 'ID', target: { kind: 'attribute', attribute: 'id' } },
          { index: 1, header: 'Name', target: { kind: 'attribute', attribute: 'name' } },
          { index: 2, header: 'Annual spend', target: { kind: 'field', field_tag: VC.spend } },
          { index: 3, header: 'Region', target: { kind: 'attribute', attribute: 'region' } },
        ],
      },
    });
    expect(mapped.json()).toMatchObject({ state: 'validated', rows_valid: 2, rows_invalid: 0 });
    await admin.post(BATCH_IMPORT_PATHS.run(id), {});
    await runner.runQueued(t.id);
    expect((await admin.get(BATCH_IMPORT_PATHS.import(id))).json()).toMatchObject({
      state: 'finished',
      created: 1,
      updated: 1,
      failed: 0,
    });
    expect((await admin.get(WORKFLOW_PATHS.workflow(a))).json().answers[VC.spend]).toBe(75);
    const rows = await adminDb
      .selectFrom('batch_import_rows')
      .select(['row_number', 'outcome', 'target_id'])
      .where('import_id', '=', String(id))
      .orderBy('row_number')
      .execute();
    expect(rows[0]).toEqual({ row_number: 1, outcome: 'updated', target_id: String(a) });
    expect(rows[1]).toMatchObject({ row_number: 2, outcome: 'created' });
    const created = (await admin.get(WORKFLOW_PATHS.workflow(Number(rows[1]?.target_id)))).json();
    expect(created).toMatchObject({ name: 'New check', region: { name: 'Europe' } });
    expect(created.answers[VC.spend]).toBe(5);
  });
});
