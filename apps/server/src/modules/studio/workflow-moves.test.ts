import {
  deployForbiddenMessage,
  STUDIO_MOVE_MESSAGES,
  STUDIO_MOVE_PATHS,
  STUDIO_SETTINGS_MESSAGES,
  WORKFLOW_MOVE_REASON_MESSAGES,
  WORKFLOW_PATHS,
  WorkflowMovePreviewPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { grant } from '../../test/admin-fixtures.js';
import {
  moveDetail,
  startMove,
  submit,
  tenantWithRunningChecks,
  VC_SIGN_OFF,
  VC_WEBSITE,
} from '../../test/move-fixtures.js';
import { studioTenant } from '../../test/studio-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { VC } from '../../test/workflow-fixtures.js';
import { createWorkflowMoveRunner } from './move-jobs.js';

// Moving running workflows to a new version (issue 15): preview, moving, move back, access (the job's
// batches and crashes: workflow-move-jobs.test.ts).
const { app, adminDb, db } = await createTestApp();
const runner = createWorkflowMoveRunner({ db, jobs: null });

async function detail(client: TestClient, id: number) {
  return (await client.get(WORKFLOW_PATHS.workflow(id))).json();
}

async function activityEvents(client: TestClient, id: number) {
  const page = (await client.get(`${WORKFLOW_PATHS.activity(id)}?limit=100`)).json();
  return (page.results as { event: string }[]).map((e) => e.event);
}

describe('preview', () => {
  it('lists every running workflow of older versions, movable or with its reasons, paged, with counts', async () => {
    const { designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const response = await designer.get(
      `${STUDIO_MOVE_PATHS.preview(v.appId, v.versionId)}?process=vendor_check&limit=2`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = WorkflowMovePreviewPageSchema.parse(response.json());
    expect(page).toMatchObject({
      count: 3,
      movable_count: 1,
      refused_count: 2,
      target: { kind_tag: 'vendor_check', version: 2 },
    });
    expect(page.next).toContain('offset=2');
    const second = WorkflowMovePreviewPageSchema.parse((await designer.get(page.next as string)).json());
    const rows = [...page.results, ...second.results];
    expect(rows.map((r) => [r.workflow_id, r.movable, r.reasons.map((x) => x.code)])).toEqual([
      [ids.movable, true, []],
      [ids.inReview, false, ['open_step_removed']],
      [ids.withNotes, false, ['answered_field_removed']],
    ]);
    expect(rows[1]?.reasons[0]).toMatchObject({
      message: WORKFLOW_MOVE_REASON_MESSAGES.open_step_removed('Decision'),
      step_tag: VC.review,
    });
    expect(rows[2]?.reasons[0]).toMatchObject({
      message: WORKFLOW_MOVE_REASON_MESSAGES.answered_field_removed('Notes'),
      field_tag: VC.notes,
    });
  });

  it('leaves test workflows out: they never move onto Production', async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    await adminDb
      .updateTable('workflows')
      .set({ test_environment: 'QA' })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(ids.inReview))
      .execute();
    const page = (
      await designer.get(`${STUDIO_MOVE_PATHS.preview(v.appId, v.versionId)}?process=vendor_check`)
    ).json();
    expect(page.results.map((r: { workflow_id: number }) => r.workflow_id)).toEqual([
      ids.movable,
      ids.withNotes,
    ]);
  });

  it('answers 400 for a version not in Production or a process it does not have', async () => {
    const { designer, v } = await tenantWithRunningChecks(app, adminDb);
    const unknown = await designer.get(
      `${STUDIO_MOVE_PATHS.preview(v.appId, v.versionId)}?process=nothing_here`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(STUDIO_MOVE_MESSAGES.processNotInVersion);
    const appDetail = (await designer.get(`/api/v1/studio/apps/${v.appId}/`)).json();
    const draft = await designer.post(`/api/v1/studio/apps/${v.appId}/versions/`, {
      savepoint_id: appDetail.savepoints[0].id,
      increment: 'minor',
    });
    const notDeployed = await designer.get(
      `${STUDIO_MOVE_PATHS.preview(v.appId, draft.json().id)}?process=vendor_check`,
    );
    expect(notDeployed.statusCode).toBe(400);
    expect(notDeployed.json().detail).toBe(STUDIO_MOVE_MESSAGES.notInProduction);
  });
});

describe('moving', () => {
  it('moves the movable workflows in a job, maps steps and answers by tag, reports the refused ones', async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    expect(move).toMatchObject({ state: 'queued', total: 3, done: 0 });
    expect(await runner.runQueued(t.id)).toBe(1);

    const done = await moveDetail(designer, v, move.id);
    expect(done).toMatchObject({ state: 'finished', total: 3, done: 3, moved: 1, refused: 2 });
    expect(done.results.results.map((r) => [r.workflow_id, r.outcome, r.from_version])).toEqual([
      [ids.movable, 'moved', 1],
      [ids.inReview, 'refused', 1],
      [ids.withNotes, 'refused', 1],
    ]);
    expect(done.results.results[1]?.reasons.map((r) => r.code)).toEqual(['open_step_removed']);

    const moved = await detail(designer, ids.movable);
    expect(moved.definition_version).toBe(2);
    expect(moved.answers[VC.name]).toBe('Movable Ltd');
    expect(moved.visible_fields).toContain(VC_WEBSITE);
    const steps = moved.steps.map((s: { tag: string; state: string }) => [s.tag, s.state]);
    expect(steps).toEqual([
      [VC.intake, 'enabled'],
      [VC_SIGN_OFF, expect.any(String)],
    ]);
    expect(await activityEvents(designer, ids.movable)).toContain('workflow_moved');
    // The refused ones stay where they were, untouched.
    expect((await detail(designer, ids.inReview)).definition_version).toBe(1);
    expect(await activityEvents(designer, ids.inReview)).not.toContain('workflow_moved');
  });

  it('moves only the chosen workflows', async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check', workflow_ids: [ids.inReview] });
    expect(move.total).toBe(1);
    await runner.runQueued(t.id);
    expect(await moveDetail(designer, v, move.id)).toMatchObject({ moved: 0, refused: 1 });
    expect((await detail(designer, ids.movable)).definition_version).toBe(1);
  });

  it('refuses a move of nothing', async () => {
    const { designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const response = await designer.post(STUDIO_MOVE_PATHS.moves(v.appId, v.versionId), {
      process: 'sub_check',
      workflow_ids: [ids.movable],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(STUDIO_MOVE_MESSAGES.noWorkflowsToMove);
  });
});

describe('moving back', () => {
  it('moves a workflow back to the version it came from, once', async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    await runner.runQueued(t.id);
    const back = await designer.post(
      STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.movable),
      {},
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ workflow_id: ids.movable, version: 1 });

    const restored = await detail(designer, ids.movable);
    expect(restored.definition_version).toBe(1);
    expect(restored.answers[VC.name]).toBe('Movable Ltd');
    expect(restored.steps.map((s: { tag: string; state: string }) => [s.tag, s.state])).toEqual([
      [VC.intake, 'enabled'],
      [VC.review, 'disabled'],
    ]);
    expect((await activityEvents(designer, ids.movable)).slice(0, 2)).toEqual([
      'workflow_moved_back',
      'workflow_moved',
    ]);
    expect((await moveDetail(designer, v, move.id)).results.results[0]).toMatchObject({
      outcome: 'moved_back',
    });

    const again = await designer.post(
      STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.movable),
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(STUDIO_MOVE_MESSAGES.alreadyMovedBack);
    const refused = await designer.post(
      STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.inReview),
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(STUDIO_MOVE_MESSAGES.notMovedByThisMove);
  });

  it('refuses to move a workflow back once a step was submitted after the move', async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check', workflow_ids: [ids.movable] });
    await runner.runQueued(t.id);
    await submit(designer, ids.movable, VC.intake);
    const back = await designer.post(
      STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.movable),
      {},
    );
    expect(back.statusCode).toBe(409);
    expect(back.json().detail).toBe(STUDIO_MOVE_MESSAGES.submittedSince);
    expect((await detail(designer, ids.movable)).definition_version).toBe(2);
  });
});

describe('access', () => {
  it("needs 'Can deploy to Production' to move and to move back; the preview only the studio", async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check', workflow_ids: [ids.movable] });
    await runner.runQueued(t.id);
    await grant(adminDb, t.id, t.users.member, ['can_access_studio']);
    const studioUser = await t.signedIn('member');
    const preview = await studioUser.get(
      `${STUDIO_MOVE_PATHS.preview(v.appId, v.versionId)}?process=vendor_check`,
    );
    expect(preview.statusCode).toBe(200);
    for (const [url, payload] of [
      [STUDIO_MOVE_PATHS.moves(v.appId, v.versionId), { process: 'vendor_check' }],
      [STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.movable), {}],
    ] as const) {
      const response = await studioUser.post(url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail).toBe(deployForbiddenMessage('PRODUCTION'));
    }
    const outsider = await t.signedIn('supplier');
    for (const url of [
      `${STUDIO_MOVE_PATHS.preview(v.appId, v.versionId)}?process=vendor_check`,
      STUDIO_MOVE_PATHS.move(v.appId, v.versionId, move.id),
    ]) {
      expect((await outsider.get(url)).statusCode, url).toBe(403);
    }
  });

  it("refuses moves to a deployer who is not on the app's editor list", async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check', workflow_ids: [ids.movable] });
    await runner.runQueued(t.id);
    const listed = await designer.request({
      method: 'PATCH',
      url: `/api/v1/studio/apps/${v.appId}/`,
      payload: { editors: { user_ids: [t.users.admin] } },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    await grant(adminDb, t.id, t.users.member, ['can_access_studio', 'can_deploy_production']);
    const deployer = await t.signedIn('member');
    for (const [url, payload] of [
      [STUDIO_MOVE_PATHS.moves(v.appId, v.versionId), { process: 'vendor_check' }],
      [STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.movable), {}],
    ] as const) {
      const response = await deployer.post(url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail).toBe(STUDIO_SETTINGS_MESSAGES.notAnEditor);
    }
  });

  it("keeps another tenant's moves and results out of sight (404, row-level security)", async () => {
    const { t, designer, v, ids } = await tenantWithRunningChecks(app, adminDb);
    const move = await startMove(designer, v, { process: 'vendor_check' });
    await runner.runQueued(t.id);
    const other = await studioTenant(app, adminDb);
    expect((await other.designer.get(STUDIO_MOVE_PATHS.move(v.appId, v.versionId, move.id))).statusCode).toBe(
      404,
    );
    const back = await other.designer.post(
      STUDIO_MOVE_PATHS.moveBack(v.appId, v.versionId, move.id, ids.movable),
      {},
    );
    expect(back.statusCode).toBe(404);
    const seen = await withTenantRows(other.t.id);
    expect(seen).toEqual({ moves: 0, results: 0 });
    expect(await withTenantRows(t.id)).toEqual({ moves: 1, results: 3 });
  });
});

async function withTenantRows(tenantId: string) {
  return withTenant(db, tenantId, async (tx) => ({
    moves: (await tx.selectFrom('studio_workflow_moves').select('id').execute()).length,
    results: (await tx.selectFrom('studio_workflow_move_results').select('move_id').execute()).length,
  }));
}
