import {
  ImportStudioPackageResponseSchema,
  OBJECT_TYPE_PUBLISH_MESSAGES,
  type ObjectTypeDefinitionInput,
  STUDIO_MESSAGES,
  STUDIO_PACKAGE_PATHS,
  STUDIO_PATHS,
  StudioBranchSchema,
  StudioRecordsPageSchema,
  type WorkflowDefinition,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import {
  deploy,
  expect400,
  mainBranch,
  newApp,
  put,
  savepoint,
  stage,
  studioTenant,
  version,
} from '../../test/studio-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { SUB_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// Issue 18 (plan §2): object types in an app's package are versioned with its processes, published
// by a Production deployment (in its transaction) and listed by /studio/records/{stage}.
const { app, db, adminDb } = await createTestApp();
const designerTenant = () => studioTenant(app, adminDb);

type Fields = Record<string, unknown>[];
const SUPPLIER_FIELDS: Fields = [
  { tag: 'name', type: 'char_field', label: 'Name', required: true },
  { tag: 'vat_number', type: 'char_field', label: 'VAT number' },
];
const supplier = (fields: Fields = SUPPLIER_FIELDS): ObjectTypeDefinitionInput =>
  ({ tag: 'supplier', name: 'Supplier', fields, title_field: 'name' }) as ObjectTypeDefinitionInput;

// The sub-check process with a data_object field picking records of `objectTypeTag`.
function processPicking(objectTypeTag: string): WorkflowDefinition {
  const [group] = SUB_CHECK_DEFINITION.step_groups;
  const [step] = group?.steps ?? [];
  if (!group || !step) throw new Error('fixture changed');
  const picker = {
    tag: 'sub_check__main__check__supplier',
    type: 'data_object' as const,
    label: 'Supplier',
    object_type_tag: objectTypeTag,
  };
  return {
    ...SUB_CHECK_DEFINITION,
    step_groups: [{ ...group, steps: [{ ...step, fields: [...step.fields, picker] }] }],
  };
}

// An app whose main branch holds `pkg`, snapshot as a savepoint.
async function appWithPackage(designer: TestClient, pkg: object) {
  const created = await newApp(designer);
  const main = await mainBranch(designer, created.id);
  const point = await saveAndSnapshot(designer, created.id, main.id, main.revision, pkg);
  return { appId: created.id, branchId: main.id, ...point };
}

async function saveAndSnapshot(
  designer: TestClient,
  appId: number,
  branchId: number,
  revision: number,
  pkg: object,
) {
  const saved = await put(designer, STUDIO_PATHS.workingCopy(appId, branchId), { revision, package: pkg });
  expect(saved.statusCode, saved.body).toBe(200);
  const point = await savepoint(designer, appId, branchId);
  return { revision: StudioBranchSchema.parse(saved.json()).revision, savepointId: point.id };
}

// A version of the savepoint, sent for test and approved: ready for any environment.
async function approvedVersion(
  designer: TestClient,
  appId: number,
  savepointId: number,
  increment: 'major' | 'minor',
) {
  const made = await version(designer, appId, savepointId, increment);
  expect((await stage(designer, appId, made.id, 'rft')).statusCode).toBe(200);
  const review = await designer.post(STUDIO_PATHS.versionReviews(appId, made.id), { decision: 'approved' });
  expect(review.statusCode, review.body).toBe(201);
  return made;
}

function typesOf(tenantId: string) {
  return adminDb
    .selectFrom('object_types')
    .select(['id', 'tag', 'name', 'current_version_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

function versionsOf(tenantId: string) {
  return adminDb
    .selectFrom('object_type_versions')
    .select(['id', 'version', 'definition', 'studio_deployment_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('version')
    .execute();
}

describe('a version checks its object types', () => {
  it('refuses a package with two object types of one tag, under the repeated one', async () => {
    const { designer } = await designerTenant();
    const { appId, savepointId } = await appWithPackage(designer, {
      processes: [],
      objects: [supplier(), supplier()],
    });
    const response = await designer.post(STUDIO_PATHS.versions(appId), {
      savepoint_id: savepointId,
      increment: 'major',
    });
    expect400(response, STUDIO_MESSAGES.invalidObjectType);
    expect(response.json().errors).toEqual({
      'objects.1.tag': [OBJECT_TYPE_PUBLISH_MESSAGES.repeatedObject('supplier')],
    });
  });

  it("reports an object type's definition error under its path, as a process's", async () => {
    const { designer } = await designerTenant();
    const broken = { ...supplier(), title_field: 'vat' };
    const { appId, savepointId } = await appWithPackage(designer, { processes: [], objects: [broken] });
    const response = await designer.post(STUDIO_PATHS.versions(appId), {
      savepoint_id: savepointId,
      increment: 'major',
    });
    expect400(response, STUDIO_MESSAGES.invalidObjectType);
    expect(Object.keys(response.json().errors)).toEqual(['objects.0.title_field']);
  });

  it('refuses a data_object field naming a type neither in the package nor deployed', async () => {
    const { designer } = await designerTenant();
    const { appId, savepointId } = await appWithPackage(designer, {
      processes: [processPicking('carrier')],
      objects: [supplier()],
    });
    const response = await designer.post(STUDIO_PATHS.versions(appId), {
      savepoint_id: savepointId,
      increment: 'major',
    });
    const message = OBJECT_TYPE_PUBLISH_MESSAGES.unknownObjectType('carrier');
    expect400(response, message);
    expect(response.json().errors).toEqual({
      'processes.0.step_groups.0.steps.0.fields.1.object_type_tag': [message],
    });
    // The same field naming the package's own type makes a version, as does an objects-only package.
    const ok = await appWithPackage(designer, {
      processes: [processPicking('supplier')],
      objects: [supplier()],
    });
    await version(designer, ok.appId, ok.savepointId, 'major');
    const objectsOnly = await appWithPackage(designer, { processes: [], objects: [supplier()] });
    await version(designer, objectsOnly.appId, objectsOnly.savepointId, 'major');
  });
});

describe('deploying object types', () => {
  it('publishes version 1 on Production, version 2 with a new field, and refuses dropping a field with values', async () => {
    const { t, designer } = await designerTenant();
    const first = await appWithPackage(designer, {
      processes: [processPicking('supplier')],
      objects: [supplier()],
    });
    const v1 = await approvedVersion(designer, first.appId, first.savepointId, 'major');
    const deployed = await deploy(designer, first.appId, v1.id, 'PRODUCTION');
    expect(deployed.statusCode, deployed.body).toBe(201);
    // studio_deployments.published keeps listing processes; the type's version names the deployment.
    expect(deployed.json().published.map((p: { kind_tag: string }) => p.kind_tag)).toEqual(['sub_check']);

    const [type] = await typesOf(t.id);
    const [v1Row] = await versionsOf(t.id);
    expect(type).toMatchObject({ tag: 'supplier', name: 'Supplier', current_version_id: v1Row?.id });
    expect(v1Row).toMatchObject({ version: 1, studio_deployment_id: String(deployed.json().id) });
    const activity = await adminDb
      .selectFrom('studio_activity')
      .select('details')
      .where('tenant_id', '=', t.id)
      .where('action', '=', 'version_deployed')
      .executeTakeFirstOrThrow();
    expect(activity.details).toMatchObject({
      published_objects: [
        { object_type_tag: 'supplier', object_type_version_id: Number(v1Row?.id), version: 1 },
      ],
    });

    // 1.1 adds a field: version 2 becomes current.
    const withWebsite = [...SUPPLIER_FIELDS, { tag: 'website', type: 'url', label: 'Website' }];
    const second = await saveAndSnapshot(designer, first.appId, first.branchId, first.revision, {
      processes: [processPicking('supplier')],
      objects: [{ ...supplier(withWebsite), name: 'Vendor' }],
    });
    const v11 = await approvedVersion(designer, first.appId, second.savepointId, 'minor');
    expect((await deploy(designer, first.appId, v11.id, 'PRODUCTION')).statusCode).toBe(201);
    const versions = await versionsOf(t.id);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[1]?.definition).toMatchObject({ name: 'Vendor', fields: withWebsite });
    expect(await typesOf(t.id)).toMatchObject([{ name: 'Vendor', current_version_id: versions[1]?.id }]);

    // A record holds a VAT number: 1.2 without that field is refused, and nothing of it is deployed.
    await adminDb
      .insertInto('records')
      .values({
        tenant_id: t.id,
        object_type_id: String(type?.id),
        version_id: String(versions[1]?.id),
        title: 'Acme Ltd',
        data: JSON.stringify({ name: 'Acme Ltd', vat_number: 'GB123' }),
      })
      .execute();
    const definitionsBefore = await adminDb
      .selectFrom('workflow_definitions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', t.id)
      .executeTakeFirstOrThrow();
    const third = await saveAndSnapshot(designer, first.appId, first.branchId, second.revision, {
      processes: [processPicking('supplier')],
      objects: [supplier([SUPPLIER_FIELDS[0] ?? {}])],
    });
    const v12 = await approvedVersion(designer, first.appId, third.savepointId, 'minor');
    const refused = await deploy(designer, first.appId, v12.id, 'PRODUCTION');
    const message = OBJECT_TYPE_PUBLISH_MESSAGES.fieldHoldsValues('VAT number', 1);
    expect400(refused, message);
    expect(refused.json().errors).toEqual({ 'fields.vat_number': [message] });
    expect((await versionsOf(t.id)).map((v) => v.version)).toEqual([1, 2]);
    expect(await typesOf(t.id)).toMatchObject([{ current_version_id: versions[1]?.id }]);
    const definitionsAfter = await adminDb
      .selectFrom('workflow_definitions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(definitionsAfter.count).toBe(definitionsBefore.count);
    const deployments = await adminDb
      .selectFrom('studio_deployments')
      .select('id')
      .where('tenant_id', '=', t.id)
      .where('version_id', '=', String(v12.id))
      .execute();
    expect(deployments).toEqual([]);
  });

  it('a test environment validates the object types and publishes none', async () => {
    const { t, designer } = await designerTenant();
    const { appId, savepointId } = await appWithPackage(designer, {
      processes: [processPicking('supplier')],
      objects: [supplier()],
    });
    const made = await approvedVersion(designer, appId, savepointId, 'major');
    const response = await deploy(designer, appId, made.id, 'QA');
    expect(response.statusCode, response.body).toBe(201);
    expect(await typesOf(t.id)).toEqual([]);
    expect(await versionsOf(t.id)).toEqual([]);
  });

  it("another tenant never sees a tenant's object type", async () => {
    const a = await designerTenant();
    const published = await appWithPackage(a.designer, { processes: [], objects: [supplier()] });
    const made = await approvedVersion(a.designer, published.appId, published.savepointId, 'major');
    expect((await deploy(a.designer, published.appId, made.id, 'PRODUCTION')).statusCode).toBe(201);
    expect(await typesOf(a.t.id)).toHaveLength(1);

    const b = await designerTenant();
    // As the app role under B's tenant (row-level security), A's type is not there.
    const seen = await withTenant(db, b.t.id, (tx) => tx.selectFrom('object_types').select('id').execute());
    expect(seen).toEqual([]);
    // So B's process may not pick suppliers until B deploys that type.
    const picking = await appWithPackage(b.designer, { processes: [processPicking('supplier')] });
    const response = await b.designer.post(STUDIO_PATHS.versions(picking.appId), {
      savepoint_id: picking.savepointId,
      increment: 'major',
    });
    expect400(response, OBJECT_TYPE_PUBLISH_MESSAGES.unknownObjectType('supplier'));
    // A itself may: the type is deployed there.
    const inA = await appWithPackage(a.designer, { processes: [processPicking('supplier')] });
    await version(a.designer, inA.appId, inA.savepointId, 'major');
  });
});

describe('/studio/records/{stage}', () => {
  it("answers each version's processes and object types, and keeps those with objects on ?type=objects", async () => {
    const { designer } = await designerTenant();
    const withObjects = await appWithPackage(designer, {
      processes: [processPicking('supplier')],
      objects: [supplier()],
    });
    const objectsVersion = await version(designer, withObjects.appId, withObjects.savepointId, 'major');
    const processesOnly = await appWithPackage(designer, { processes: [SUB_CHECK_DEFINITION] });
    const processVersion = await version(designer, processesOnly.appId, processesOnly.savepointId, 'major');

    const all = StudioRecordsPageSchema.parse((await designer.get(STUDIO_PATHS.records('draft'))).json());
    expect(all.count).toBe(2);
    expect(all.results.map((r) => [r.id, r.processes, r.objects])).toEqual([
      [processVersion.id, [{ tag: 'sub_check', name: 'Sub-check' }], []],
      [objectsVersion.id, [{ tag: 'sub_check', name: 'Sub-check' }], [{ tag: 'supplier', name: 'Supplier' }]],
    ]);

    const filtered = await designer.get(`${STUDIO_PATHS.records('draft')}?type=objects`);
    const page = StudioRecordsPageSchema.parse(filtered.json());
    expect(page.count).toBe(1);
    expect(page.results.map((r) => r.id)).toEqual([objectsVersion.id]);
    expect((await designer.get(`${STUDIO_PATHS.records('draft')}?type=processes`)).statusCode).toBe(400);
  });
});

describe('package JSON with object types', () => {
  it('exports a version with its object types and imports them into another tenant', async () => {
    const a = await designerTenant();
    await grant(adminDb, a.t.id, a.t.users.admin, ['can_generate_template_json']);
    const designerA = await a.t.signedIn('admin');
    const source = await appWithPackage(designerA, { processes: [], objects: [supplier()] });
    const made = await version(designerA, source.appId, source.savepointId, 'major');
    const response = await designerA.get(STUDIO_PACKAGE_PATHS.export(source.appId, made.id));
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json();
    expect(document.processes).toEqual([]);
    expect(document.objects).toMatchObject([{ tag: 'supplier', fields: SUPPLIER_FIELDS }]);

    const b = await designerTenant();
    await grant(adminDb, b.t.id, b.t.users.admin, ['can_generate_template_json']);
    const designerB = await b.t.signedIn('admin');
    const imported = await designerB.post(STUDIO_PACKAGE_PATHS.import, { document });
    expect(imported.statusCode, imported.body).toBe(201);
    const { app: created, branch, savepoint_id } = ImportStudioPackageResponseSchema.parse(imported.json());
    expect(branch.package.objects).toEqual(document.objects);
    await version(designerB, created.id, savepoint_id, 'major');

    // Two object types of one tag, or nothing at all, are refused before anything is written.
    const twice = await designerB.post(STUDIO_PACKAGE_PATHS.import, {
      document: { ...document, objects: [...document.objects, ...document.objects] },
    });
    expect(twice.json().errors).toEqual({
      'document.objects.1.tag': [OBJECT_TYPE_PUBLISH_MESSAGES.repeatedObject('supplier')],
    });
    const empty = await designerB.post(STUDIO_PACKAGE_PATHS.import, {
      document: { ...document, objects: [] },
    });
    expect(empty.json().errors).toEqual({ 'document.processes': [STUDIO_MESSAGES.emptyPackage] });
  });
});
