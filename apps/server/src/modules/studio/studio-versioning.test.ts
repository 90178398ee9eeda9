import {
  INPUT_LIMIT_MESSAGES,
  STUDIO_MAX_MINOR_VERSION,
  STUDIO_MESSAGES,
  STUDIO_PATHS,
  stageRefusedMessage,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  appWithSavepoint,
  deploy,
  expect400,
  newApp,
  put,
  savepoint,
  stage,
  studioTenant,
  version,
  versionReadyForTest,
} from '../../test/studio-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { SUB_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// Versions, stages and reviews: spec 1 §4's package-versioning failure reasons, spec 2 §4.1's stages.
const { app, adminDb } = await createTestApp();
const designerTenant = () => studioTenant(app, adminDb);

describe('package-versioning failure reasons (spec 1 §4)', () => {
  it('minor version creation failed: an app without a version has no minor to add', async () => {
    const { designer } = await designerTenant();
    const { app: created, savepoint: point } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const minor = await designer.post(STUDIO_PATHS.versions(created.id), {
      savepoint_id: point.id,
      increment: 'minor',
    });
    expect400(minor, STUDIO_MESSAGES.minorVersionCreationFailed);
    expect(STUDIO_MESSAGES.minorVersionCreationFailed).toMatch(/^Minor version creation failed/);
  });

  it('numbers minor versions after the latest, up to the limit: maximum minor version reached', async () => {
    const { t, designer } = await designerTenant();
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
    const { designer } = await designerTenant();
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
    const { designer } = await designerTenant();
    const v = await versionReadyForTest(designer);
    expect((await deploy(designer, v.appId, v.versionId, 'QA')).statusCode).toBe(201);
    expect((await stage(designer, v.appId, v.versionId, 'ARCHIVE')).statusCode).toBe(200);
    expect400(await deploy(designer, v.appId, v.versionId, 'QA'), STUDIO_MESSAGES.versionCannotBeLocked);
    expect(STUDIO_MESSAGES.versionCannotBeLocked).toMatch(/^Version cannot be locked/);
  });

  it('parsing to JSON failed: a package sent as text that is not JSON', async () => {
    const { designer } = await designerTenant();
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
    const { t, designer } = await designerTenant();
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
    const { designer } = await designerTenant();
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
    const { designer } = await designerTenant();
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
    const { designer } = await designerTenant();
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
