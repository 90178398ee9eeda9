import {
  DASHBOARD_PATHS,
  STUDIO_MOVE_PATHS,
  STUDIO_TEST_WORKFLOW_PATHS,
  TEST_WORKFLOW_MESSAGES,
  TestWorkflowsPageSchema,
  testWorkflowsForbiddenMessage,
  WORKFLOW_PATHS,
  WorkflowMovePreviewPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { deploy, studioTenant } from '../../test/studio-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { deployedToQa, started, startTest } from '../../test/test-workflow-fixtures.js';
import { createVendorCheck, VC } from '../../test/workflow-fixtures.js';

// Issue 15, environments: a deployment to QA makes its processes startable as test workflows there,
// left out of the dashboard, its counts and reports unless asked for, and purged per environment.
const { app, adminDb } = await createTestApp();

const WEBSITE = 'vendor_check__intake__details__website';

function workflowRows(tenantId: string) {
  return adminDb
    .selectFrom('workflows as w')
    .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
    .select(['w.id', 'w.name', 'w.definition_id', 'w.test_environment', 'k.current_definition_id'])
    .where('w.tenant_id', '=', tenantId)
    .orderBy('w.id')
    .execute();
}

describe('test workflows', () => {
  it("start on QA's test definition while Production's new workflows keep the current one", async () => {
    const { t, designer, appId, deployment } = await deployedToQa(app, adminDb);
    // The test definitions take the kinds' next version numbers without becoming current.
    expect(deployment.published.map((p) => [p.kind_tag, p.version])).toEqual([
      ['sub_check', 2],
      ['vendor_check', 2],
    ]);
    const test = await started(designer, t, appId);
    expect(test).toMatchObject({ name: 'QA check', test_environment: 'QA', definition_version: 2 });
    const fields = JSON.stringify(test);
    expect(fields).toContain(WEBSITE);
    // Its process page works like any workflow's.
    const page = await designer.get(`/api/v1/workflows/${test.id}/`);
    expect(page.statusCode, page.body).toBe(200);

    const member = await t.signedIn('member');
    const productionId = await createVendorCheck(t, member, 'Production check');
    const production = await member.get(`/api/v1/workflows/${productionId}/`);
    expect(JSON.stringify(production.json())).not.toContain(WEBSITE);
    expect(production.json()).toMatchObject({ test_environment: null, definition_version: 1 });

    const rows = await workflowRows(t.id);
    const testRow = rows.find((r) => r.name === 'QA check');
    const productionRow = rows.find((r) => r.name === 'Production check');
    expect(testRow).toMatchObject({
      test_environment: 'QA',
      definition_id: String(deployment.published[1]?.definition_id),
    });
    expect(productionRow).toMatchObject({ test_environment: null });
    expect(productionRow?.definition_id).toBe(productionRow?.current_definition_id);
    expect(testRow?.current_definition_id).toBe(productionRow?.current_definition_id);
    // The kind still offers Production's version to everyone.
    const kinds = (await member.get('/api/v1/workflow-kinds/')).json() as {
      results: { tag: string; current_version?: number }[];
    };
    expect(kinds.results.find((k) => k.tag === 'vendor_check')).toMatchObject({ current_version: 1 });
  });

  it('are listed per environment, server-paged, and purged with all their rows, nothing else', async () => {
    const { t, designer, appId, versionId } = await deployedToQa(app, adminDb);
    expect((await deploy(designer, appId, versionId, 'UAT')).statusCode).toBe(201);
    for (const name of ['QA one', 'QA two', 'QA three']) await started(designer, t, appId, name);
    const uat = await startTest(designer, t, appId, 'UAT', 'UAT one');
    expect(uat.statusCode, uat.body).toBe(201);
    const productionId = await createVendorCheck(t, designer, 'Production check');

    // A test workflow's child is a test workflow of its environment, purged with it (before it).
    const parent = (await started(designer, t, appId, 'QA parent')).id;
    await designer.post(WORKFLOW_PATHS.answer(parent), { field_tag: VC.name, value: 'Acme' });
    expect((await designer.post(WORKFLOW_PATHS.submitStep(parent, VC.intake), {})).statusCode).toBe(200);
    const child = await designer.post(WORKFLOW_PATHS.childWorkflows(parent, VC.subChecks), {
      name: 'QA child',
    });
    expect(child.statusCode, child.body).toBe(201);
    expect((await workflowRows(t.id)).find((r) => r.name === 'QA child')?.test_environment).toBe('QA');

    const first = await designer.get(`${STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA')}?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = TestWorkflowsPageSchema.parse(first.json());
    expect(page.results.map((w) => w.name)).toEqual(['QA child', 'QA parent']);
    expect(page.count).toBe(5);
    expect(page.next).toContain('offset=2');
    expect(page.results[1]).toMatchObject({ environment: 'QA', kind_tag: 'vendor_check', version: 2 });
    // The child started on its kind's Production definition, marked with its parent's environment.
    expect(page.results[0]).toMatchObject({ environment: 'QA', kind_tag: 'sub_check', version: 1 });

    const purge = await designer.request({
      method: 'DELETE',
      url: STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'),
    });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(purge.json()).toEqual({ purged: 5 });
    const rows = await workflowRows(t.id);
    expect(rows.map((r) => [r.name, r.test_environment])).toEqual([
      ['UAT one', 'UAT'],
      ['Production check', null],
    ]);
    // No row of a purged workflow is left behind.
    for (const table of ['workflow_steps', 'workflow_responses', 'workflow_activity'] as const) {
      const left = await adminDb
        .selectFrom(table)
        .select('workflow_id')
        .where('tenant_id', '=', t.id)
        .where(
          'workflow_id',
          'not in',
          rows.map((r) => r.id),
        )
        .execute();
      expect(left, table).toEqual([]);
    }
    expect((await designer.get(`/api/v1/workflows/${productionId}/`)).statusCode).toBe(200);
    const again = await designer.request({
      method: 'DELETE',
      url: STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'),
    });
    expect(again.json()).toEqual({ purged: 0 });
  });

  it("refuses a process or environment without a deployment, and people without the environment's permission", async () => {
    const { t, designer, appId } = await deployedToQa(app, adminDb);
    const notDeployed = await startTest(designer, t, appId, 'UAT', 'Nowhere');
    expect(notDeployed.statusCode).toBe(400);
    expect(notDeployed.json().detail).toBe(TEST_WORKFLOW_MESSAGES.notDeployed);
    const unknown = await designer.post(
      STUDIO_TEST_WORKFLOW_PATHS.startTestWorkflow(appId, 'QA', 'no_such_kind'),
      {
        name: 'x',
        region_id: t.ids.region('Europe'),
      },
    );
    expect(unknown.json().detail).toBe(TEST_WORKFLOW_MESSAGES.processNotDeployed);
    await started(designer, t, appId);

    // Without can_access_studio: every test-workflow route is refused.
    const member = await t.signedIn('member');
    expect((await startTest(member, t, appId, 'QA', 'Mine')).statusCode).toBe(403);
    expect((await member.get(STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'))).statusCode).toBe(403);
    expect(
      (await member.request({ method: 'DELETE', url: STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA') }))
        .statusCode,
    ).toBe(403);
    // With the studio but not 'Can deploy to QA': may list, not start nor purge.
    await grant(adminDb, t.id, t.users.member, ['can_access_studio', 'can_deploy_uat']);
    const studioUser = await t.signedIn('member');
    const refused = await startTest(studioUser, t, appId, 'QA', 'Mine');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(testWorkflowsForbiddenMessage('QA'));
    const purge = await studioUser.request({
      method: 'DELETE',
      url: STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'),
    });
    expect(purge.statusCode).toBe(403);
    const listed = await studioUser.get(STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'));
    expect(TestWorkflowsPageSchema.parse(listed.json()).count).toBe(1);
    expect((await workflowRows(t.id)).filter((r) => r.test_environment === 'QA')).toHaveLength(1);
  });

  it('are never among the running workflows a Production version moves', async () => {
    const { t, designer, appId, versionId } = await deployedToQa(app, adminDb, true);
    await started(designer, t, appId, 'QA check');
    await createVendorCheck(t, designer, 'Production check');
    // Twice: the second publication (version 3) is above the QA test definition (version 2).
    for (let i = 0; i < 2; i++)
      expect((await deploy(designer, appId, versionId, 'PRODUCTION')).statusCode).toBe(201);
    const preview = await designer.get(`${STUDIO_MOVE_PATHS.preview(appId, versionId)}?process=vendor_check`);
    expect(preview.statusCode, preview.body).toBe(200);
    const page = WorkflowMovePreviewPageSchema.parse(preview.json());
    expect(page.target.version).toBe(3);
    expect(page.results.map((r) => r.name)).toEqual(['Production check']);
  });

  it("keep to their tenant: another tenant's designer neither starts, lists nor purges them", async () => {
    const { t, designer, appId } = await deployedToQa(app, adminDb);
    await started(designer, t, appId);
    const other = await studioTenant(app, adminDb);
    expect((await startTest(other.designer, other.t, appId, 'QA', 'Theirs')).statusCode).toBe(404);
    const listed = await other.designer.get(STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'));
    expect(TestWorkflowsPageSchema.parse(listed.json()).count).toBe(0);
    const purge = await other.designer.request({
      method: 'DELETE',
      url: STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA'),
    });
    expect(purge.json()).toEqual({ purged: 0 });
    expect((await workflowRows(t.id)).filter((r) => r.test_environment === 'QA')).toHaveLength(1);
    expect((await other.designer.get(`${DASHBOARD_PATHS.workflows}?environment=QA`)).json().count).toBe(0);
  });
});
