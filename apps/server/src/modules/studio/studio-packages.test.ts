import {
  ImportStudioPackageResponseSchema,
  INPUT_LIMIT_MESSAGES,
  STUDIO_PACKAGE_MESSAGES,
  STUDIO_PACKAGE_PATHS,
  STUDIO_PATHS,
  StudioAppsPageSchema,
  StudioPackageDocumentSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { newApp, studioTenant, version, versionReadyForTest } from '../../test/studio-fixtures.js';
import type { TestClient } from '../../test/test-app.js';
import { createTestApp } from '../../test/test-app.js';
import { SUB_CHECK_DEFINITION, VENDOR_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// Package JSON (spec 2 §6 'Can generate template JSON'): a version exported as one document and
// imported into another tenant, validated in full before anything is written; on the real Postgres.
const { app, adminDb } = await createTestApp();

// A designer who may also export and import packages.
async function packagingTenant() {
  const tenant = await studioTenant(app, adminDb);
  await grant(adminDb, tenant.t.id, tenant.t.users.admin, ['can_generate_template_json']);
  return { ...tenant, designer: await tenant.t.signedIn('admin') };
}

async function exported(designer: TestClient) {
  const v = await versionReadyForTest(designer);
  const response = await designer.get(STUDIO_PACKAGE_PATHS.export(v.appId, v.versionId));
  expect(response.statusCode, response.body).toBe(200);
  return { v, document: StudioPackageDocumentSchema.parse(response.json()) };
}

async function appNames(client: TestClient) {
  const page = StudioAppsPageSchema.parse((await client.get(STUDIO_PATHS.apps)).json());
  return page.results.map((a) => a.name);
}

describe('package JSON', () => {
  it('exports a version from tenant A and imports it into tenant B with the same processes', async () => {
    const a = await packagingTenant();
    const { document } = await exported(a.designer);
    expect(document).toMatchObject({
      schema_version: 1,
      app: { name: 'Vendor management', description: 'Vendors, end to end', icon: null },
      version: { major: 1, minor: 0 },
    });
    expect(document.processes).toEqual([VENDOR_CHECK_DEFINITION, SUB_CHECK_DEFINITION]);

    const b = await packagingTenant();
    const response = await b.designer.post(STUDIO_PACKAGE_PATHS.import, { document });
    expect(response.statusCode, response.body).toBe(201);
    const imported = ImportStudioPackageResponseSchema.parse(response.json());
    expect(imported.app.name).toBe('Vendor management');
    expect(imported.branch).toMatchObject({ is_main: true, package: { processes: document.processes } });
    // The import's savepoint becomes a version as any other.
    const v = await version(b.designer, imported.app.id, imported.savepoint_id, 'major');
    const again = await b.designer.get(STUDIO_PACKAGE_PATHS.export(imported.app.id, v.id));
    expect(StudioPackageDocumentSchema.parse(again.json()).processes).toEqual(document.processes);

    // Into an existing app of B: a new branch, main untouched.
    const target = await newApp(b.designer, 'Suppliers');
    const asBranch = await b.designer.post(STUDIO_PACKAGE_PATHS.import, { document, app_id: target.id });
    expect(asBranch.statusCode, asBranch.body).toBe(201);
    const branch = ImportStudioPackageResponseSchema.parse(asBranch.json());
    expect(branch.app.id).toBe(target.id);
    expect(branch.branch).toMatchObject({ name: 'import-1.0', is_main: false });
    expect(branch.branch.package.processes).toEqual(document.processes);
    const repeated = await b.designer.post(STUDIO_PACKAGE_PATHS.import, { document, app_id: target.id });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toHaveProperty('branch_name');
  });

  it('refuses a broken package with the schema messages and writes nothing', async () => {
    const a = await packagingTenant();
    const { document } = await exported(a.designer);
    const b = await packagingTenant();
    const before = await appNames(b.designer);

    const broken = structuredClone(document);
    broken.processes[0] = { ...VENDOR_CHECK_DEFINITION, initial_status: 'nowhere' };
    const invalid = await b.designer.post(STUDIO_PACKAGE_PATHS.import, { document: broken });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors['document.processes.0.initial_status']).toEqual([
      "The initial status 'nowhere' is not one of the statuses.",
    ]);
    const twice = { ...document, processes: [VENDOR_CHECK_DEFINITION, VENDOR_CHECK_DEFINITION] };
    const repeated = await b.designer.post(STUDIO_PACKAGE_PATHS.import, { document: twice });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors['document.processes.1.kind.tag']).toEqual([
      "The process 'vendor_check' is repeated.",
    ]);
    const empty = await b.designer.post(STUDIO_PACKAGE_PATHS.import, {
      document: { ...document, processes: [] },
    });
    expect(empty.statusCode).toBe(400);
    const later = await b.designer.post(STUDIO_PACKAGE_PATHS.import, {
      document: { ...document, schema_version: 2 },
    });
    expect(later.statusCode).toBe(400);
    // The body's depth limit applies before anything is parsed into a package.
    const deep = `{"document": {"processes": [${'['.repeat(40)}${']'.repeat(40)}]}}`;
    const tooDeep = await b.designer.request({
      method: 'POST',
      url: STUDIO_PACKAGE_PATHS.import,
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().detail).toBe(INPUT_LIMIT_MESSAGES.tooDeep);

    expect(await appNames(b.designer)).toEqual(before);
    const rows = await adminDb
      .selectFrom('studio_branches')
      .select('id')
      .where('tenant_id', '=', b.t.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses without 'Can generate template JSON' or can_access_studio (403), and another tenant's app (404)", async () => {
    const a = await packagingTenant();
    const { v, document } = await exported(a.designer);
    const exportUrl = STUDIO_PACKAGE_PATHS.export(v.appId, v.versionId);

    // A studio designer without the template permission.
    const plain = await studioTenant(app, adminDb);
    const refusedExport = await plain.designer.get(exportUrl);
    expect(refusedExport.statusCode).toBe(403);
    const refusedImport = await plain.designer.post(STUDIO_PACKAGE_PATHS.import, { document });
    expect(refusedImport.statusCode).toBe(403);
    expect(refusedImport.json().detail).toBe(STUDIO_PACKAGE_MESSAGES.forbidden);
    expect(STUDIO_PACKAGE_MESSAGES.forbidden).toBe(
      "Exporting and importing a package needs the permission 'Can generate template JSON'.",
    );
    // The template permission without the studio.
    await grant(adminDb, a.t.id, a.t.users.member, ['can_generate_template_json']);
    const member = await a.t.signedIn('member');
    expect((await member.get(exportUrl)).statusCode).toBe(403);
    expect((await member.post(STUDIO_PACKAGE_PATHS.import, { document })).statusCode).toBe(403);
    expect(await appNames(plain.designer)).toEqual([]);

    // Tenant B cannot export A's version, nor import into A's app.
    const b = await packagingTenant();
    expect((await b.designer.get(exportUrl)).statusCode).toBe(404);
    const intoA = await b.designer.post(STUDIO_PACKAGE_PATHS.import, { document, app_id: v.appId });
    expect(intoA.statusCode).toBe(404);
    expect(await appNames(b.designer)).toEqual([]);
    const detail = (await a.designer.get(STUDIO_PATHS.app(v.appId))).json();
    expect(detail.branches).toHaveLength(1);
  });
});
