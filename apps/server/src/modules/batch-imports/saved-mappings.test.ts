import { BATCH_IMPORT_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { importsTestTenant, uploadFile } from '../../test/batch-import-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { VC, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

const CSV = 'Supplier name,VAT_NUMBER\nAcme,GB1\n';
const columns = [
  { index: 0, header: 'Supplier name', target: { kind: 'field', field_tag: 'name' } },
  { index: 1, header: 'VAT_NUMBER', target: { kind: 'field', field_tag: 'vat_number' } },
];
const supplierMappings = `${BATCH_IMPORT_PATHS.mappings}?target=records&object_type=supplier`;

async function saveMapping(client: TestClient, name: string, options: { objectType?: string } = {}) {
  const { id } = (await uploadFile(client, CSV, options)).json();
  const mapped = await client.request({
    method: 'PUT',
    url: BATCH_IMPORT_PATHS.mapping(id),
    payload: { columns, mode: 'create', save_as: name },
  });
  expect(mapped.statusCode).toBe(200);
}

// Issue 18: columns mapped to fields "kept as a reusable mapping": listed per type for the map step,
// deleted by whoever may perform imports.
describe('saved import mappings', () => {
  it("lists a type's saved mappings by name with their columns by header, and deletes one", async () => {
    const t = await importsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await saveMapping(admin, 'Suppliers monthly');
    await saveMapping(admin, 'Annual review');
    // Saving a name again replaces it rather than adding one.
    await saveMapping(admin, 'Suppliers monthly');

    const list = await admin.get(supplierMappings);
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.count).toBe(2);
    expect(page.results.map((m: { name: string }) => m.name)).toEqual(['Annual review', 'Suppliers monthly']);
    expect(page.results[0]).toMatchObject({
      target: 'records',
      object_type_id: Number(t.types.supplier.objectTypeId),
      kind_id: null,
      columns: columns.map(({ header, target }) => ({ header, target })),
      created_by: { email: expect.stringContaining('@') },
    });
    // Another type's list does not hold them.
    const sites = await admin.get(`${BATCH_IMPORT_PATHS.mappings}?target=records&object_type=site`);
    expect(sites.json()).toMatchObject({ count: 0, results: [] });

    const deleted = await admin.request({
      method: 'DELETE',
      url: BATCH_IMPORT_PATHS.savedMapping(page.results[0].id),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await admin.get(supplierMappings)).json().results.map((m: { name: string }) => m.name)).toEqual([
      'Suppliers monthly',
    ]);
    const again = await admin.request({
      method: 'DELETE',
      url: BATCH_IMPORT_PATHS.savedMapping(page.results[0].id),
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another tenant's mapping or type, and 403 without can_perform_batch_import", async () => {
    const a = await importsTestTenant(app, adminDb);
    const b = await importsTestTenant(app, adminDb);
    const adminA = await a.signedIn('admin');
    const adminB = await b.signedIn('admin');
    await saveMapping(adminA, 'Suppliers');
    const [saved] = (await adminA.get(supplierMappings)).json().results;

    expect((await adminB.get(supplierMappings)).json()).toMatchObject({ count: 0 });
    const fromB = await adminB.request({ method: 'DELETE', url: BATCH_IMPORT_PATHS.savedMapping(saved.id) });
    expect(fromB.statusCode).toBe(404);
    expect((await adminA.get(supplierMappings)).json()).toMatchObject({ count: 1 });
    const unknown = await adminA.get(`${BATCH_IMPORT_PATHS.mappings}?target=records&object_type=nothing`);
    expect(unknown.statusCode).toBe(404);

    const member = await a.signedIn('member');
    expect((await member.get(supplierMappings)).statusCode).toBe(403);
    const byMember = await member.request({
      method: 'DELETE',
      url: BATCH_IMPORT_PATHS.savedMapping(saved.id),
    });
    expect(byMember.statusCode).toBe(403);
    expect((await adminA.get(supplierMappings)).json()).toMatchObject({ count: 1 });
  });

  it("keeps a workflow kind's mapping for that kind, with the name attribute", async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_view_import_pipeline', 'can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const upload = await admin.request({
      method: 'POST',
      url: `${BATCH_IMPORT_PATHS.imports}?target=workflows&kind_id=${t.kinds.vendor}`,
      payload: Buffer.from('Name,notes\nAcme check,First\n'),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'checks.csv' },
    });
    const kindColumns = [
      { index: 0, header: 'Name', target: { kind: 'attribute', attribute: 'name' } },
      { index: 1, header: 'notes', target: { kind: 'field', field_tag: VC.notes } },
    ];
    const mapped = await admin.request({
      method: 'PUT',
      url: BATCH_IMPORT_PATHS.mapping(upload.json().id),
      payload: { columns: kindColumns, save_as: 'Vendor checks' },
    });
    expect(mapped.statusCode).toBe(200);
    const list = await admin.get(`${BATCH_IMPORT_PATHS.mappings}?target=workflows&kind_id=${t.kinds.vendor}`);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          name: 'Vendor checks',
          target: 'workflows',
          kind_id: Number(t.kinds.vendor),
          object_type_id: null,
          columns: kindColumns.map(({ header, target }) => ({ header, target })),
        },
      ],
    });
    const unknownKind = await admin.get(`${BATCH_IMPORT_PATHS.mappings}?target=workflows&kind_id=999999`);
    expect(unknownKind.statusCode).toBe(404);
  });
});
