import { BATCH_IMPORT_MESSAGES, BATCH_IMPORT_PATHS, IMPORT_ROW_MESSAGES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { VC, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

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
