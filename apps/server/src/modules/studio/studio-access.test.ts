import {
  deployForbiddenMessage,
  STUDIO_ENVIRONMENTS,
  STUDIO_MERGE_PATHS,
  STUDIO_PACKAGE_PATHS,
  STUDIO_PATHS,
  STUDIO_SETTINGS_PATHS,
  StudioActivityPageSchema,
  StudioAppsPageSchema,
} from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import { appWithSavepoint, deploy, studioTenant, versionReadyForTest } from '../../test/studio-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { SUB_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// Who may use the studio and deploy where (spec 2 §6), and tenant isolation of every studio table.
const { app, adminDb, db } = await createTestApp();
const designerTenant = () => studioTenant(app, adminDb);

const STUDIO_TABLES = [
  'studio_apps',
  'studio_branches',
  'studio_savepoints',
  'studio_versions',
  'studio_reviews',
  'studio_deployments',
  'studio_activity',
] as const;

describe('permissions', () => {
  it('refuses every studio route to a user without can_access_studio', async () => {
    const { t, designer } = await designerTenant();
    const v = await versionReadyForTest(designer);
    const outsider = await t.signedIn('member');
    const calls: [string, string, object?][] = [
      ['GET', STUDIO_PATHS.apps],
      ['POST', STUDIO_PATHS.apps, { name: 'Mine' }],
      ['GET', STUDIO_PATHS.app(v.appId)],
      ['POST', STUDIO_PATHS.branches(v.appId), { name: 'mine' }],
      ['GET', STUDIO_PATHS.branch(v.appId, v.branchId)],
      ['PUT', STUDIO_PATHS.workingCopy(v.appId, v.branchId), { revision: 2, package: { processes: [] } }],
      ['POST', STUDIO_PATHS.savepoints(v.appId, v.branchId), { message: 'x' }],
      ['GET', STUDIO_PATHS.savepoint(v.appId, v.savepointId)],
      ['POST', STUDIO_PATHS.versions(v.appId), { savepoint_id: v.savepointId, increment: 'minor' }],
      ['POST', STUDIO_PATHS.versionStage(v.appId, v.versionId), { stage: 'deployed' }],
      ['POST', STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' }],
      ['POST', STUDIO_PATHS.versionDeployments(v.appId, v.versionId), { environment: 'QA' }],
      ['GET', STUDIO_PATHS.activity],
      ['GET', STUDIO_PATHS.records('rft')],
      ['POST', STUDIO_MERGE_PATHS.merge(v.appId, v.branchId), { revision: 2 }],
      ['GET', STUDIO_MERGE_PATHS.diff(v.appId, `savepoint:${v.savepointId}`, `version:${v.versionId}`)],
      ['GET', STUDIO_PACKAGE_PATHS.export(v.appId, v.versionId)],
      ['POST', STUDIO_PACKAGE_PATHS.import, { document: {} }],
      ['GET', STUDIO_SETTINGS_PATHS.settings(v.appId)],
      ['PATCH', STUDIO_SETTINGS_PATHS.app(v.appId), { name: 'Mine' }],
      ['POST', STUDIO_SETTINGS_PATHS.branchWork(v.appId, v.branchId), { state: 'started' }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await outsider.request({ method: method as 'GET', url, ...(payload && { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // Nothing changed: one version, never reviewed or deployed.
    const detail = (await designer.get(STUDIO_PATHS.app(v.appId))).json();
    expect(detail).toMatchObject({ versions: [{ stage: 'rft', review: null }], deployments: [] });
  });

  it("refuses each environment to a studio user without its 'Can deploy to ...' permission", async () => {
    const { t, designer } = await designerTenant();
    const v = await versionReadyForTest(designer);
    await designer.post(STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' });
    await grant(adminDb, t.id, t.users.member, ['can_access_studio']);
    const studioUser = await t.signedIn('member');
    for (const environment of STUDIO_ENVIRONMENTS) {
      const response = await deploy(studioUser, v.appId, v.versionId, environment);
      expect(response.statusCode, environment).toBe(403);
      expect(response.json().detail).toBe(deployForbiddenMessage(environment));
    }
    expect(deployForbiddenMessage('PRODUCTION')).toBe(
      "Deploying here needs the permission 'Can deploy to Production'.",
    );
    // With QA's permission only: QA, and still not Production.
    await grant(adminDb, t.id, t.users.member, ['can_deploy_qa']);
    const tester = await t.signedIn('member');
    expect((await deploy(tester, v.appId, v.versionId, 'QA')).statusCode).toBe(201);
    expect((await deploy(tester, v.appId, v.versionId, 'PRODUCTION')).statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("another tenant's designer finds nothing of an app: 404 everywhere, empty lists, no rows", async () => {
    const a = await designerTenant();
    const v = await versionReadyForTest(a.designer);
    await a.designer.post(STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' });
    expect((await deploy(a.designer, v.appId, v.versionId, 'PRODUCTION')).statusCode).toBe(201);

    const b = await designerTenant();
    const own = await appWithSavepoint(b.designer, [SUB_CHECK_DEFINITION]);
    const calls: [string, string, object?][] = [
      ['GET', STUDIO_PATHS.app(v.appId)],
      ['POST', STUDIO_PATHS.branches(v.appId), { name: 'mine' }],
      // A's savepoint named from B's own app.
      ['POST', STUDIO_PATHS.branches(own.app.id), { name: 'mine', from_savepoint_id: v.savepointId }],
      ['GET', STUDIO_PATHS.branch(v.appId, v.branchId)],
      ['PUT', STUDIO_PATHS.workingCopy(v.appId, v.branchId), { revision: 2, package: { processes: [] } }],
      ['POST', STUDIO_PATHS.savepoints(v.appId, v.branchId), { message: 'x' }],
      ['GET', STUDIO_PATHS.savepoint(v.appId, v.savepointId)],
      ['GET', STUDIO_PATHS.savepoint(own.app.id, v.savepointId)],
      ['POST', STUDIO_PATHS.versions(v.appId), { savepoint_id: v.savepointId, increment: 'minor' }],
      ['POST', STUDIO_PATHS.versions(own.app.id), { savepoint_id: v.savepointId, increment: 'major' }],
      ['POST', STUDIO_PATHS.versionStage(v.appId, v.versionId), { stage: 'ARCHIVE' }],
      ['POST', STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' }],
      ['POST', STUDIO_PATHS.versionDeployments(v.appId, v.versionId), { environment: 'QA' }],
      ['POST', STUDIO_MERGE_PATHS.merge(v.appId, v.branchId), { revision: 2 }],
      ['GET', STUDIO_MERGE_PATHS.diff(v.appId, `savepoint:${v.savepointId}`, `version:${v.versionId}`)],
    ];
    for (const [method, url, payload] of calls) {
      const response = await b.designer.request({
        method: method as 'GET',
        url,
        ...(payload && { payload }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const apps = StudioAppsPageSchema.parse((await b.designer.get(STUDIO_PATHS.apps)).json());
    expect(apps.results.map((x) => x.id)).toEqual([own.app.id]);
    const activity = StudioActivityPageSchema.parse(
      (await b.designer.get(`${STUDIO_PATHS.activity}?app_id=${v.appId}`)).json(),
    );
    expect(activity.count).toBe(0);

    // Row-level security, below the API: as the application's role, each table shows only the
    // tenant's own rows; A's are there, B sees none of them.
    for (const table of STUDIO_TABLES) {
      const count = (tenantId: string) =>
        withTenant(db, tenantId, async (tx) => {
          const { rows } = await sql<{ n: string; other: string }>`
            select count(*) as n, count(*) filter (where tenant_id <> ${tenantId}) as other from ${sql.table(table)}`.execute(
            tx,
          );
          return rows[0];
        });
      expect(Number((await count(a.t.id))?.n), table).toBeGreaterThan(0);
      expect((await count(b.t.id))?.other, table).toBe('0');
    }
  });
});
