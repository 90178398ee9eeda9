import {
  STUDIO_MESSAGES,
  STUDIO_PATHS,
  StudioActivityPageSchema,
  StudioAppDetailSchema,
  StudioAppsPageSchema,
  StudioBranchSchema,
  StudioDeploymentSchema,
  StudioRecordsPageSchema,
  StudioSavepointSchema,
  StudioVersionSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  appWithSavepoint,
  mainBranch,
  newApp,
  put,
  save,
  savepoint,
  studioTenant,
  VENDOR_CHECK_WITH_WEBSITE,
  version,
} from '../../test/studio-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import {
  createVendorCheck,
  SUB_CHECK_DEFINITION,
  VENDOR_CHECK_DEFINITION,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

const designerTenant = () => studioTenant(app, adminDb);

async function definitionsOf(tenantId: string, kindTag: string) {
  return adminDb
    .selectFrom('workflow_definitions')
    .innerJoin('workflow_kinds', 'workflow_kinds.id', 'workflow_definitions.kind_id')
    .select([
      'workflow_definitions.id',
      'workflow_definitions.version',
      'workflow_kinds.current_definition_id',
    ])
    .where('workflow_definitions.tenant_id', '=', tenantId)
    .where('workflow_kinds.tag', '=', kindTag)
    .orderBy('workflow_definitions.version')
    .execute();
}

describe('studio apps', () => {
  it('creates an app with its main branch, pages the apps by name with a search', async () => {
    const { designer } = await designerTenant();
    for (const name of ['Vendors', 'onboarding', 'Offboarding', 'Risk']) await newApp(designer, name);

    const first = StudioAppsPageSchema.parse((await designer.get(`${STUDIO_PATHS.apps}?limit=2`)).json());
    expect(first.results.map((a) => a.name)).toEqual(['Offboarding', 'onboarding']);
    expect(first.count).toBe(4);
    expect(first.next).toBe(`${STUDIO_PATHS.apps}?limit=2&offset=2`);
    const found = StudioAppsPageSchema.parse((await designer.get(`${STUDIO_PATHS.apps}?q=BOARD`)).json());
    expect(found.results.map((a) => a.name)).toEqual(['Offboarding', 'onboarding']);

    const vendors = await newApp(designer, 'Vendor management');
    const detail = StudioAppDetailSchema.parse((await designer.get(STUDIO_PATHS.app(vendors.id))).json());
    expect(detail.app.name).toBe('Vendor management');
    expect(detail.branches).toMatchObject([{ name: 'main', is_main: true, revision: 1 }]);
    expect(detail.savepoints).toEqual([]);
    expect(detail.versions).toEqual([]);
    const main = await mainBranch(designer, vendors.id);
    expect(main.package).toEqual({ processes: [] });
  });
});

describe('the full cycle: branch, edit, savepoint, version, rft, approve, deploy', () => {
  it('publishes each process on Production; running workflows keep their version, new ones start on the new one', async () => {
    const { t, designer } = await designerTenant();
    const running = await createVendorCheck(t, designer, 'Started before the deployment');

    const created = await newApp(designer);
    const main = await mainBranch(designer, created.id);
    // The parent kind first: the deployment publishes the child kind before it.
    const saved = await save(designer, created.id, main.id, main.revision, [
      VENDOR_CHECK_DEFINITION,
      SUB_CHECK_DEFINITION,
    ]);
    expect(saved.revision).toBe(2);
    const base = await savepoint(designer, created.id, main.id, 'The vendor check as it runs today');

    // A designer's own branch from that savepoint, with one more field.
    const branchResponse = await designer.post(STUDIO_PATHS.branches(created.id), {
      name: 'website field',
      from_savepoint_id: base.id,
    });
    expect(branchResponse.statusCode).toBe(201);
    const branch = StudioBranchSchema.parse(branchResponse.json());
    expect(branch).toMatchObject({ is_main: false, based_on_savepoint_id: base.id, revision: 1 });
    expect(branch.package.processes).toHaveLength(2);
    await save(designer, created.id, branch.id, branch.revision, [
      VENDOR_CHECK_WITH_WEBSITE,
      SUB_CHECK_DEFINITION,
    ]);
    const point = await savepoint(designer, created.id, branch.id, 'Website field');
    expect(point.parent_savepoint_id).toBe(base.id);
    const read = StudioSavepointSchema.parse(
      (await designer.get(STUDIO_PATHS.savepoint(created.id, point.id))).json(),
    );
    expect(read.package.processes[0]).toEqual(VENDOR_CHECK_WITH_WEBSITE);

    const v1 = await version(designer, created.id, point.id, 'major');
    expect(v1).toMatchObject({
      major: 1,
      minor: 0,
      stage: 'draft',
      is_frozen: false,
      is_locked: false,
      review: null,
    });
    const rft = await designer.post(STUDIO_PATHS.versionStage(created.id, v1.id), { stage: 'rft' });
    expect(rft.statusCode).toBe(200);
    expect(rft.json()).toMatchObject({ stage: 'rft', is_frozen: true });

    const approve = await designer.post(STUDIO_PATHS.versionReviews(created.id, v1.id), {
      decision: 'approved',
      comment: 'Looks right',
    });
    expect(approve.statusCode).toBe(201);
    expect(approve.json()).toMatchObject({ decision: 'approved', reviewer_id: t.users.admin });

    const deploy = await designer.post(STUDIO_PATHS.versionDeployments(created.id, v1.id), {
      environment: 'PRODUCTION',
    });
    expect(deploy.statusCode, deploy.body).toBe(201);
    const deployment = StudioDeploymentSchema.parse(deploy.json());
    expect(deployment.published.map((p) => [p.kind_tag, p.version])).toEqual([
      ['sub_check', 2],
      ['vendor_check', 2],
    ]);

    const vendorVersions = await definitionsOf(t.id, 'vendor_check');
    expect(vendorVersions.map((d) => d.version)).toEqual([1, 2]);
    expect(vendorVersions[0]?.current_definition_id).toBe(String(deployment.published[1]?.definition_id));
    const after = await createVendorCheck(t, designer, 'Started after the deployment');
    const workflows = await adminDb
      .selectFrom('workflows')
      .innerJoin('workflow_definitions', 'workflow_definitions.id', 'workflows.definition_id')
      .select(['workflows.id', 'workflow_definitions.version'])
      .where('workflows.id', 'in', [String(running), String(after)])
      .orderBy('workflows.id')
      .execute();
    expect(workflows.map((w) => w.version)).toEqual([1, 2]);

    const detail = StudioAppDetailSchema.parse((await designer.get(STUDIO_PATHS.app(created.id))).json());
    expect(detail.versions).toMatchObject([
      { id: v1.id, stage: 'deployed', is_locked: true, review: { decision: 'approved' } },
    ]);
    expect(detail.deployments).toMatchObject([{ version_id: v1.id, environment: 'PRODUCTION' }]);
    expect(detail.branches.map((b) => b.name)).toEqual(['main', 'website field']);
    expect(detail.savepoints.map((s) => s.message)).toEqual([
      'Website field',
      'The vendor check as it runs today',
    ]);

    // Archived at the end of its life, and never deployed again.
    const archived = await designer.post(STUDIO_PATHS.versionStage(created.id, v1.id), { stage: 'ARCHIVE' });
    expect(archived.statusCode).toBe(200);
    expect(StudioVersionSchema.parse(archived.json()).stage).toBe('ARCHIVE');

    const activity = StudioActivityPageSchema.parse(
      (await designer.get(`${STUDIO_PATHS.activity}?app_id=${created.id}`)).json(),
    );
    expect(activity.results.map((a) => a.action).reverse()).toEqual([
      'app_created',
      'working_copy_saved',
      'savepoint_created',
      'branch_created',
      'working_copy_saved',
      'savepoint_created',
      'version_created',
      'version_stage_changed',
      'version_reviewed',
      'version_deployed',
      'version_stage_changed',
    ]);
    expect(activity.results.every((a) => a.actor_user_id === t.users.admin)).toBe(true);
  });

  it("deploys to a test environment as test definitions, Production's current ones kept, without an approval", async () => {
    const { t, designer } = await designerTenant();
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [
      VENDOR_CHECK_WITH_WEBSITE,
      SUB_CHECK_DEFINITION,
    ]);
    const v1 = await version(designer, created.id, point.id, 'major');
    await designer.post(STUDIO_PATHS.versionStage(created.id, v1.id), { stage: 'rft' });
    const deploy = await designer.post(STUDIO_PATHS.versionDeployments(created.id, v1.id), {
      environment: 'QA',
    });
    expect(deploy.statusCode).toBe(201);
    expect(deploy.json()).toMatchObject({ environment: 'QA' });
    // Issue 15: test workflows start on them there (studio-test-workflows.test.ts); the kinds'
    // current definitions stay Production's.
    expect(
      deploy.json().published.map((p: { kind_tag: string; version: number }) => [p.kind_tag, p.version]),
    ).toEqual([
      ['sub_check', 2],
      ['vendor_check', 2],
    ]);
    const vendor = await definitionsOf(t.id, 'vendor_check');
    expect(vendor.map((d) => d.version)).toEqual([1, 2]);
    expect(vendor.every((d) => d.current_definition_id === vendor[0]?.id)).toBe(true);
  });

  it('starts a branch from the main working copy when no savepoint is named', async () => {
    const { designer } = await designerTenant();
    const created = await newApp(designer);
    const main = await mainBranch(designer, created.id);
    await save(designer, created.id, main.id, main.revision, [SUB_CHECK_DEFINITION]);
    const response = await designer.post(STUDIO_PATHS.branches(created.id), { name: 'mine' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      based_on_savepoint_id: null,
      package: { processes: [SUB_CHECK_DEFINITION] },
    });
    const again = await designer.post(STUDIO_PATHS.branches(created.id), { name: 'mine' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(STUDIO_MESSAGES.branchNameTaken);
  });
});

describe('two designers, no locks', () => {
  it('refuses a save based on a stale revision with 409 and keeps the first save', async () => {
    const { designer } = await designerTenant();
    const created = await newApp(designer);
    const main = await mainBranch(designer, created.id);
    // Both opened revision 1; the first save wins, the second is told to reload.
    await save(designer, created.id, main.id, 1, [SUB_CHECK_DEFINITION]);
    const stale = await put(designer, STUDIO_PATHS.workingCopy(created.id, main.id), {
      revision: 1,
      package: { processes: [VENDOR_CHECK_DEFINITION] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: STUDIO_MESSAGES.staleRevision, code: 'stale_revision' });
    const kept = await mainBranch(designer, created.id);
    expect(kept.revision).toBe(2);
    expect(kept.package.processes).toEqual([SUB_CHECK_DEFINITION]);
    // After reloading, the second designer saves on top.
    const next = await save(designer, created.id, main.id, kept.revision, [
      SUB_CHECK_DEFINITION,
      VENDOR_CHECK_DEFINITION,
    ]);
    expect(next.revision).toBe(3);
  });

  it('keeps work in progress in a working copy, even when it is not a valid definition yet', async () => {
    const { designer } = await designerTenant();
    const created = await newApp(designer);
    const main = await mainBranch(designer, created.id);
    const draft = { kind: { tag: 'half_done', name: 'Half done' } };
    expect((await save(designer, created.id, main.id, 1, [draft])).package.processes).toEqual([draft]);
  });
});

describe('records by stage', () => {
  it("lists the versions at each stage across the tenant's apps; another stage is a 404", async () => {
    const { designer } = await designerTenant();
    const first = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const second = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const draft = await version(designer, first.app.id, first.savepoint.id, 'major');
    const sent = await version(designer, second.app.id, second.savepoint.id, 'major');
    await designer.post(STUDIO_PATHS.versionStage(second.app.id, sent.id), { stage: 'rft' });
    const later = await version(designer, second.app.id, second.savepoint.id, 'minor');

    const drafts = StudioRecordsPageSchema.parse((await designer.get(STUDIO_PATHS.records('draft'))).json());
    expect(drafts.results.map((r) => [r.id, r.app_id, `${r.major}.${r.minor}`])).toEqual([
      [later.id, second.app.id, '1.1'],
      [draft.id, first.app.id, '1.0'],
    ]);
    const rft = StudioRecordsPageSchema.parse((await designer.get(STUDIO_PATHS.records('rft'))).json());
    expect(rft.results).toMatchObject([{ id: sent.id, app_name: second.app.name, stage: 'rft' }]);
    expect(
      StudioRecordsPageSchema.parse((await designer.get(STUDIO_PATHS.records('ARCHIVE'))).json()).count,
    ).toBe(0);
    expect((await designer.get(STUDIO_PATHS.records('archive'))).statusCode).toBe(404);
    expect((await designer.get(STUDIO_PATHS.records('published'))).statusCode).toBe(404);

    // Another tenant sees none of them.
    const other = await designerTenant();
    expect(
      StudioRecordsPageSchema.parse((await other.designer.get(STUDIO_PATHS.records('draft'))).json()).count,
    ).toBe(0);
  });
});
