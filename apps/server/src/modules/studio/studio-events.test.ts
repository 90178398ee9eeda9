import { STUDIO_MERGE_PATHS, STUDIO_PATHS, STUDIO_SETTINGS_PATHS, userChannel } from '@attest/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import { grant } from '../../test/admin-fixtures.js';
import {
  appWithSavepoint,
  deploy,
  mainBranch,
  put,
  save,
  stage,
  studioTenant,
  VENDOR_CHECK_WITH_WEBSITE,
  version,
  versionReadyForTest,
} from '../../test/studio-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { SUB_CHECK_DEFINITION, VENDOR_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// Spec 1 §4's studio live events: published after the change commits, to the app's designers, with
// the spec's groups and levels; a refusal with a failure reason to the acting person alone.
const { app, adminDb, services } = await createTestApp();
const heard: OutgoingEvent[] = [];
services.realtime.forwardTo({ publish: (events) => heard.push(...events) });
beforeEach(() => {
  heard.length = 0;
});

const studioEvents = () => heard.filter((e) => e.type.startsWith('studio.'));
const summary = (events: OutgoingEvent[]) =>
  events.map((e) => ({ type: e.type, group: e.group, outcome: e.outcome, action: e.data.action }));

async function setUp() {
  const { t, designer } = await studioTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.member, ['can_access_studio']);
  const colleague = await t.signedIn('member');
  return { t, designer, colleague };
}

describe('studio live events', () => {
  it('tells the designers of an app (its editors and whoever worked on it) about a new version, and nobody else', async () => {
    const { t, designer, colleague } = await setUp();
    const { app: created, savepoint } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    // The colleague worked on the app: a branch of their own.
    expect((await colleague.post(STUDIO_PATHS.branches(created.id), { name: 'theirs' })).statusCode).toBe(
      201,
    );
    heard.length = 0;
    const v1 = await version(designer, created.id, savepoint.id, 'major');
    expect(summary(studioEvents())).toEqual([
      {
        type: 'studio.package_versioning',
        group: 'package_versioning',
        outcome: 'completed',
        action: 'version_created',
      },
      {
        type: 'studio.package_versioning',
        group: 'package_versioning',
        outcome: 'completed',
        action: 'version_created',
      },
    ]);
    expect(
      studioEvents()
        .map((e) => e.channel)
        .sort(),
    ).toEqual([userChannel(t.id, t.users.admin), userChannel(t.id, t.users.member)].sort());
    expect(studioEvents()[0]).toMatchObject({
      workflow_id: null,
      actor: { id: t.users.admin, name: 'Ada Admin' },
      data: { app_id: created.id, version_id: v1.id, version: '1.0' },
    });
    // The supplier never worked on it and is on no editor list.
    expect(heard.some((e) => e.channel === userChannel(t.id, t.users.supplier))).toBe(false);
  });

  it('tells the acting person alone of each package-versioning failure reason, and nothing of success', async () => {
    const { t, designer } = await setUp();
    const { app: created, main, savepoint } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const me = userChannel(t.id, t.users.admin);
    const failed = async (response: { statusCode: number }, reason: string) => {
      expect(response.statusCode).toBe(400);
      expect(studioEvents()).toEqual([
        expect.objectContaining({
          channel: me,
          type: 'studio.package_versioning',
          group: 'package_versioning',
          outcome: 'failed',
          data: expect.objectContaining({ app_id: created.id, reason }),
        }),
      ]);
      heard.length = 0;
    };
    await failed(
      await designer.post(STUDIO_PATHS.versions(created.id), {
        savepoint_id: savepoint.id,
        increment: 'minor',
      }),
      'minor_version_creation_failed',
    );
    await failed(
      await put(designer, STUDIO_PATHS.workingCopy(created.id, main.id), {
        revision: 2,
        package: '{"processes": [',
      }),
      'parsing_to_json_failed',
    );
    const v1 = await version(designer, created.id, savepoint.id, 'major');
    heard.length = 0;
    await failed(await deploy(designer, created.id, v1.id, 'QA'), 'not_frozen_version');
    await failed(
      await designer.post(STUDIO_PATHS.versionReviews(created.id, v1.id), { decision: 'approved' }),
      'not_frozen_version',
    );
    await adminDb
      .updateTable('studio_versions')
      .set({ minor: 99 })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(v1.id))
      .execute();
    await failed(
      await designer.post(STUDIO_PATHS.versions(created.id), {
        savepoint_id: savepoint.id,
        increment: 'minor',
      }),
      'maximum_minor_version_reached',
    );
    expect((await stage(designer, created.id, v1.id, 'rft')).statusCode).toBe(200);
    await designer.post(STUDIO_PATHS.versionReviews(created.id, v1.id), { decision: 'approved' });
    expect((await deploy(designer, created.id, v1.id, 'QA')).statusCode).toBe(201);
    expect((await stage(designer, created.id, v1.id, 'ARCHIVE')).statusCode).toBe(200);
    heard.length = 0;
    await failed(await deploy(designer, created.id, v1.id, 'UAT'), 'version_cannot_be_locked');
    // A refusal without a spec reason (a stage move not allowed) is an error answer, no event.
    expect((await stage(designer, created.id, v1.id, 'draft')).statusCode).toBe(400);
    expect(studioEvents()).toEqual([]);
  });

  it('tells of an invalid package as a failed studio config validation, and of nothing else', async () => {
    const { t, designer } = await setUp();
    const broken = { ...VENDOR_CHECK_DEFINITION, initial_status: 'nowhere' };
    const { app: created, savepoint } = await appWithSavepoint(designer, [broken]);
    heard.length = 0;
    const response = await designer.post(STUDIO_PATHS.versions(created.id), {
      savepoint_id: savepoint.id,
      increment: 'major',
    });
    expect(response.statusCode).toBe(400);
    expect(studioEvents()).toEqual([
      expect.objectContaining({
        channel: userChannel(t.id, t.users.admin),
        type: 'studio.config_validation',
        group: 'studio_config_validation',
        outcome: 'failed',
        data: expect.objectContaining({ action: 'version_created', problems: expect.any(Number) }),
      }),
    ]);
    expect(studioEvents()[0]?.data.problems).toBeGreaterThan(0);

    // An empty package has nothing to count: the event names what is missing.
    const { app: empty, savepoint: emptySavepoint } = await appWithSavepoint(designer, []);
    heard.length = 0;
    const refused = await designer.post(STUDIO_PATHS.versions(empty.id), {
      savepoint_id: emptySavepoint.id,
      increment: 'major',
    });
    expect(refused.statusCode).toBe(400);
    expect(studioEvents()).toEqual([
      expect.objectContaining({
        type: 'studio.config_validation',
        outcome: 'failed',
        data: expect.objectContaining({ action: 'version_created', reason: 'empty_package' }),
      }),
    ]);
  });

  it('tells of stage moves, reviews, deployments with the processes published, and merged branches', async () => {
    const { designer } = await setUp();
    const v = await versionReadyForTest(designer);
    expect(summary(studioEvents()).map((e) => `${e.type}/${e.outcome}/${e.action}`)).toEqual([
      'studio.package_versioning/completed/version_created',
      'studio.package_versioning/completed/stage_changed',
    ]);
    heard.length = 0;
    await designer.post(STUDIO_PATHS.versionReviews(v.appId, v.versionId), { decision: 'approved' });
    expect((await deploy(designer, v.appId, v.versionId, 'PRODUCTION')).statusCode).toBe(201);
    expect(summary(studioEvents())).toEqual([
      {
        type: 'studio.package_versioning',
        group: 'package_versioning',
        outcome: 'completed',
        action: 'reviewed',
      },
      {
        type: 'studio.config_deployment',
        group: 'config_deployment',
        outcome: 'completed',
        action: 'deployed',
      },
      {
        type: 'studio.deployment_status',
        group: 'deployment_status',
        outcome: 'completed',
        action: 'processes_published',
      },
    ]);
    expect(studioEvents()[2]?.data).toMatchObject({
      environment: 'PRODUCTION',
      kind_tags: [SUB_CHECK_DEFINITION.kind.tag, VENDOR_CHECK_DEFINITION.kind.tag],
    });

    // A branch merged into main: its deployment status.
    const branch = (await designer.post(STUDIO_PATHS.branches(v.appId), { name: 'website' })).json();
    await save(designer, v.appId, branch.id, branch.revision, [
      VENDOR_CHECK_WITH_WEBSITE,
      SUB_CHECK_DEFINITION,
    ]);
    const main = await mainBranch(designer, v.appId);
    heard.length = 0;
    const merged = await designer.post(STUDIO_MERGE_PATHS.merge(v.appId, branch.id), {
      revision: main.revision,
    });
    expect(merged.json().merged).toBe(true);
    expect(summary(studioEvents())).toEqual([
      {
        type: 'studio.deployment_status',
        group: 'deployment_status',
        outcome: 'completed',
        action: 'branch_merged',
      },
    ]);
    expect(studioEvents()[0]?.data).toMatchObject({ branch_id: branch.id, main_branch_id: main.id });
  });

  it('tells the designers that work started (info) or stopped on a branch; a stale merge tells nothing', async () => {
    const { t, designer, colleague } = await setUp();
    const { app: created, main } = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    const other = (await colleague.post(STUDIO_PATHS.branches(created.id), { name: 'theirs' })).json();
    heard.length = 0;
    const work = (state: string) =>
      colleague.post(STUDIO_SETTINGS_PATHS.branchWork(created.id, other.id), { state });
    expect((await work('started')).statusCode).toBe(204);
    expect((await work('stopped')).statusCode).toBe(204);
    expect((await work('paused')).statusCode).toBe(400);
    const toDesigner = studioEvents().filter((e) => e.channel === userChannel(t.id, t.users.admin));
    expect(summary(toDesigner)).toEqual([
      { type: 'studio.branch_work', group: 'branch_work', outcome: 'started', action: 'started' },
      { type: 'studio.branch_work', group: 'branch_work', outcome: 'finished', action: 'stopped' },
    ]);
    expect(toDesigner[0]).toMatchObject({
      actor: { id: t.users.member },
      data: { app_id: created.id, branch_id: other.id, branch_name: 'theirs' },
    });
    // A branch of another app is a 404 and tells nothing.
    heard.length = 0;
    const elsewhere = await appWithSavepoint(designer, [SUB_CHECK_DEFINITION]);
    expect(
      (
        await colleague.post(STUDIO_SETTINGS_PATHS.branchWork(elsewhere.app.id, other.id), {
          state: 'started',
        })
      ).statusCode,
    ).toBe(404);
    expect(studioEvents()).toEqual([]);
    // A stale merge (409) is refused and tells nothing.
    const stale = await designer.post(STUDIO_MERGE_PATHS.merge(created.id, other.id), {
      revision: main.revision + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(studioEvents()).toEqual([]);
  });
});
