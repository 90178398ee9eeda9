import {
  deployForbiddenMessage,
  INPUT_LIMIT_MESSAGES,
  STUDIO_ENVIRONMENTS,
  STUDIO_MAX_MINOR_VERSION,
  STUDIO_MESSAGES,
  STUDIO_PATHS,
  StudioActivityPageSchema,
  StudioAppsPageSchema,
  stageRefusedMessage,
} from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import { appWithSavepoint, newApp, put, savepoint, version } from '../../test/studio-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  SUB_CHECK_DEFINITION,
  VENDOR_CHECK_DEFINITION,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb, db } = await createTestApp();

const STUDIO_TABLES = [
  'studio_apps',
  'studio_branches',
  'studio_savepoints',
  'studio_versions',
  'studio_reviews',
  'studio_deployments',
  'studio_activity',
] as const;

// admin: a designer who may deploy everywhere; member: may use the studio and deploy nowhere.
async function studioTenant() {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, [
    'can_access_studio',
    'can_deploy_development',
    'can_deploy_qa',
    'can_deploy_staging',
    'can_deploy_uat',
    'can_deploy_production',
  ]);
  return { t, designer: await t.signedIn('admin') };
}

function stage(client: TestClient, appId: number, versionId: number, to: string) {
  return client.post(STUDIO_PATHS.versionStage(appId, versionId), { stage: to });
}

function deploy(client: TestClient, appId: number, versionId: number, environment: string) {
  return client.post(STUDIO_PATHS.versionDeployments(appId, versionId), { environment });
}

// A version 1.0 of the two test kinds, sent for test.
async function versionReadyForTest(designer: TestClient) {
  const {
    app: created,
    main,
    savepoint: point,
  } = await appWithSavepoint(designer, [VENDOR_CHECK_DEFINITION, SUB_CHECK_DEFINITION]);
  const v1 = await version(designer, created.id, point.id, 'major');
  expect((await stage(designer, created.id, v1.id, 'rft')).statusCode).toBe(200);
  return { appId: created.id, branchId: main.id, savepointId: point.id, versionId: v1.id };
}

function expect400(
  response: { statusCode: number; body: string; json: () => { detail: string } },
  detail: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().detail).toBe(detail);
}

describe('package-versioning failure reasons (spec 1 §4)', () => {
  it('minor version creation failed: an app without a version has no minor to add', async () => {
    const { designer } = await studioTenant();
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const minor = await designer.post(STUDIO_PATHS.versions(created.id), {
      savepoint_id: point.id,
      increment: 'minor',
    });
    expect400(minor, STUDIO_MESSAGES.minorVersionCreationFailed);
    expect(STUDIO_MESSAGES.minorVersionCreationFailed).toMatch(/^Minor version creation failed/);
  });

  it('numbers minor versions after the latest, up to the limit: maximum minor version reached', async () => {
    const { t, designer } = await studioTenant();
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    await version(designer, created.id, point.id, 'major');
    expect(await version(designer, created.id, point.id, 'minor')).toMatchObject({ major: 1, minor: 1 });
    expect(await version(designer, created.id, point.id, 'major')).toMatchObject({ major: 2, minor: 0 });
    expect(await version(designer, created.id, point.id, 'minor')).toMatchObject({ major: 2, minor: 1 });
    // The rest of 2.x up to the limit, written directly.
    await adminDb
      .insertInto('studio_versions')
      .values(
        Array.from({ length: STUDIO_MAX_MINOR_VERSION - 1 }, (_, i) => ({
          tenant_id: t.id,
          app_id: String(created.id),
          savepoint_id: String(point.id),
          major: 2,
          minor: i + 2,
        })),
      )
      .execute();
    const minor = await designer.post(STUDIO_PATHS.versions(created.id), {
      savepoint_id: point.id,
      increment: 'minor',
    });
    expect400(minor, STUDIO_MESSAGES.maximumMinorVersionReached);
    expect(STUDIO_MESSAGES.maximumMinorVersionReached).toMatch(/^Maximum minor version reached/);
    expect(await version(designer, created.id, point.id, 'major')).toMatchObject({ major: 3, minor: 0 });
  });

  it('not a frozen version: a draft is neither reviewed nor deployed', async () => {
    const { designer } = await studioTenant();
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const draft = await version(designer, created.id, point.id, 'major');
    expect400(await deploy(designer, created.id, draft.id, 'DEVELOPMENT'), STUDIO_MESSAGES.notFrozenVersion);
    const review = await designer.post(STUDIO_PATHS.versionReviews(created.id, draft.id), {
      decision: 'approved',
    });
    expect400(review, STUDIO_MESSAGES.notFrozenVersion);
    expect(STUDIO_MESSAGES.notFrozenVersion).toMatch(/^Not a frozen version/);
  });

  it('version cannot be locked: an archived version is never deployed again', async () => {
    const { designer } = await studioTenant();
    const v = await versionReadyForTest(designer);
    expect((await deploy(designer, v.appId, v.versionId, 'QA')).statusCode).toBe(201);
    expect((await stage(designer, v.appId, v.versionId, 'ARCHIVE')).statusCode).toBe(200);
    expect400(await deploy(designer, v.appId, v.versionId, 'QA'), STUDIO_MESSAGES.versionCannotBeLocked);
    expect(STUDIO_MESSAGES.versionCannotBeLocked).toMatch(/^Version cannot be locked/);
  });

  it('parsing to JSON failed: a package sent as text that is not JSON', async () => {
    const { designer } = await studioTenant();
    const created = await newApp(designer);
    const branchId = (await designer.get(STUDIO_PATHS.app(created.id))).json().branches[0].id;
    const url = STUDIO_PATHS.workingCopy(created.id, branchId);
    expect400(
      await put(designer, url, { revision: 1, package: '{"processes": [' }),
      STUDIO_MESSAGES.parsingToJsonFailed,
    );
    expect(STUDIO_MESSAGES.parsingToJsonFailed).toMatch(/^Parsing to JSON failed/);
    // JSON text that is not a package.
    const notPackage = await put(designer, url, { revision: 1, package: '{"steps": []}' });
    expect400(notPackage, STUDIO_MESSAGES.notAPackage);
    // Text nesting deeper than a body may is refused before it is parsed.
    const deep = `{"processes": [${'['.repeat(40)}${']'.repeat(40)}]}`;
    expect400(await put(designer, url, { revision: 1, package: deep }), INPUT_LIMIT_MESSAGES.tooDeep);
    // Valid JSON text is saved like the object it holds.
    const saved = await put(designer, url, {
      revision: 1,
      package: JSON.stringify({ processes: [SUB_CHECK_DEFINITION] }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().package.processes).toEqual([SUB_CHECK_DEFINITION]);
  });
});

describe('versions are made of valid definitions only', () => {
  it("answers 400 with the definition schema's messages and writes nothing", async () => {
    const { t, designer } = await studioTenant();
    const broken = { ...SUB_CHECK_DEFINITION, initial_status: 'no_such_status' };
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [
      SUB_CHECK_DEFINITION,
      broken,
    ]);
    const before = await adminDb
      .selectFrom('studio_activity')
      .select('id')
      .where('tenant_id', '=', t.id)
      .execute();

    const response = await designer.post(STUDIO_PATHS.versions(created.id), {
      savepoint_id: point.id,
      increment: 'major',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.detail).toBe(STUDIO_MESSAGES.invalidPackage);
    // The second process repeats the first one's kind, and names a status it does not have.
    expect(Object.keys(body.errors).sort()).toEqual(['processes.1.initial_status', 'processes.1.kind.tag']);
    expect(body.errors['processes.1.initial_status'][0]).toMatch(/no_such_status/);

    const versions = await adminDb
      .selectFrom('studio_versions')
      .select('id')
      .where('tenant_id', '=', t.id)
      .execute();
    expect(versions).toEqual([]);
    const after = await adminDb
      .selectFrom('studio_activity')
      .select('id')
      .where('tenant_id', '=', t.id)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses a version of an empty package', async () => {
    const { designer } = await studioTenant();
    const created = await newApp(designer);
    const branchId = (await designer.get(STUDIO_PATHS.app(created.id))).json().branches[0].id;
    const point = await savepoint(designer, created.id, branchId, 'Nothing yet');
    const response = await designer.post(STUDIO_PATHS.versions(created.id), {
      savepoint_id: point.id,
      increment: 'major',
    });
    expect400(response, STUDIO_MESSAGES.emptyPackage);
  });
});

describe('stages, reviews and Production', () => {
  it('moves one stage forward at a time and refuses every other move', async () => {
    const { designer } = await studioTenant();
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const draft = await version(designer, created.id, point.id, 'major');
    expect400(
      await stage(designer, created.id, draft.id, 'deployed'),
      stageRefusedMessage('draft', 'deployed'),
    );
    expect400(
      await stage(designer, created.id, draft.id, 'ARCHIVE'),
      stageRefusedMessage('draft', 'ARCHIVE'),
    );
    expect400(await stage(designer, created.id, draft.id, 'draft'), stageRefusedMessage('draft', 'draft'));
    expect((await stage(designer, created.id, draft.id, 'rft')).statusCode).toBe(200);
    expect400(
      await stage(designer, created.id, draft.id, 'deployed'),
      STUDIO_MESSAGES.becomesDeployedByDeploying,
    );
    expect400(await stage(designer, created.id, draft.id, 'draft'), stageRefusedMessage('rft', 'draft'));
    expect400(await stage(designer, created.id, draft.id, 'ARCHIVE'), stageRefusedMessage('rft', 'ARCHIVE'));
    expect((await deploy(designer, created.id, draft.id, 'UAT')).statusCode).toBe(201);
    expect((await stage(designer, created.id, draft.id, 'ARCHIVE')).statusCode).toBe(200);
    expect400(
      await stage(designer, created.id, draft.id, 'deployed'),
      stageRefusedMessage('ARCHIVE', 'deployed'),
    );
    expect(stageRefusedMessage('ARCHIVE', 'deployed')).toBe(
      'A version at stage ARCHIVE stays there; it cannot move to deployed.',
    );
  });

  it('deploys to Production only an approved version; asking for changes needs a comment', async () => {
    const { designer } = await studioTenant();
    const v = await versionReadyForTest(designer);
    const reviews = STUDIO_PATHS.versionReviews(v.appId, v.versionId);
    expect400(
      await deploy(designer, v.appId, v.versionId, 'PRODUCTION'),
      STUDIO_MESSAGES.productionNeedsApproval,
    );

    expect400(
      await designer.post(reviews, { decision: 'changes_requested', comment: '  ' }),
      STUDIO_MESSAGES.changesNeedComment,
    );
    const changes = await designer.post(reviews, {
      decision: 'changes_requested',
      comment: 'Name the step better',
    });
    expect(changes.statusCode).toBe(201);
    expect400(
      await deploy(designer, v.appId, v.versionId, 'PRODUCTION'),
      STUDIO_MESSAGES.productionNeedsApproval,
    );

    expect((await designer.post(reviews, { decision: 'approved' })).statusCode).toBe(201);
    expect((await deploy(designer, v.appId, v.versionId, 'PRODUCTION')).statusCode).toBe(201);
    // Once deployed, it is no longer under review.
    expect400(await designer.post(reviews, { decision: 'approved' }), STUDIO_MESSAGES.reviewNeedsRft);
  });
});

describe('permissions', () => {
  it('refuses every studio route to a user without can_access_studio', async () => {
    const { t, designer } = await studioTenant();
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
    const { t, designer } = await studioTenant();
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
    const a = await studioTenant();
    const v = await versionReadyForTest(a.designer);
    await a.designer.post(STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' });
    expect((await deploy(a.designer, v.appId, v.versionId, 'PRODUCTION')).statusCode).toBe(201);

    const b = await studioTenant();
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
