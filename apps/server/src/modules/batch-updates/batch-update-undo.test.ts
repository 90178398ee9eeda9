import {
  BATCH_UPDATE_ERROR_CODES,
  BATCH_UPDATE_MESSAGES,
  BATCH_UPDATE_PATHS,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, grantRegion, VC, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createBatchUpdateRunner } from './update-runner.js';

// Undo of a batch update (issue 18, plan §4.5, §5.3), and an apply that resumes after an interruption.
const { app, adminDb, db } = await createTestApp();
const runner = createBatchUpdateRunner({ db, jobs: null, batchSize: 2 });

// Three checks in Europe/Paris moved to Asia with a note, applied.
async function appliedUpdate() {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  const admin = await t.signedIn('admin');
  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) ids.push(await createVendorCheck(t, admin, `Check ${i + 1}`));
  await admin.post(WORKFLOW_PATHS.answer(ids[0] as number), { field_tag: VC.notes, value: 'Before' });
  const created = await admin.post(BATCH_UPDATE_PATHS.updates, {
    target: 'workflows',
    kind_id: t.kinds.vendor,
    selection: { ids },
    changes: { region_id: t.ids.region('Asia'), answers: { [VC.notes]: 'Moved to Asia' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  expect(await runner.run(t.id, String(id))).toBe('finished');
  expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
  expect(await runner.run(t.id, String(id))).toBe('finished');
  return { t, admin, ids, id };
}

async function detail(client: TestClient, id: number) {
  return (await client.get(WORKFLOW_PATHS.workflow(id))).json();
}

async function outcomes(client: TestClient, id: number) {
  const page = (await client.get(`${BATCH_UPDATE_PATHS.items(id)}?limit=200`)).json();
  return Object.fromEntries(
    (page.results as { target_id: number; outcome: string }[]).map((i) => [i.target_id, i.outcome]),
  );
}

describe('undo', () => {
  it('restores the region, the business unit and the answers', async () => {
    const { t, admin, ids, id } = await appliedUpdate();
    expect((await detail(admin, ids[0] as number)).region.id).toBe(t.ids.region('Asia'));

    const undo = await admin.post(BATCH_UPDATE_PATHS.undo(id), {});
    expect(undo.statusCode, undo.body).toBe(202);
    expect(undo.json()).toMatchObject({ state: 'undoing', can_undo: false });
    expect(await runner.run(t.id, String(id))).toBe('finished');

    const update = (await admin.get(BATCH_UPDATE_PATHS.update(id))).json();
    expect(update).toMatchObject({ state: 'undone', undone_by: { id: t.users.admin } });
    expect(Object.values(await outcomes(admin, id))).toEqual(['undone', 'undone', 'undone']);
    const first = await detail(admin, ids[0] as number);
    expect(first.region.id).toBe(t.ids.region('Europe'));
    expect(first.business_unit.id).toBe(t.ids.unit('Paris'));
    expect(first.answers[VC.notes]).toBe('Before');
    expect((await detail(admin, ids[1] as number)).answers[VC.notes] ?? null).toBeNull();
    // Undone once only.
    const again = await admin.post(BATCH_UPDATE_PATHS.undo(id), {});
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(BATCH_UPDATE_MESSAGES.notFinished);
  });

  it('is refused, naming them, while workflows were changed since; nothing is undone', async () => {
    const { t, admin, ids, id } = await appliedUpdate();
    const edited = ids[1] as number;
    await admin.post(WORKFLOW_PATHS.answer(edited), { field_tag: VC.spend, value: 10 });

    const undo = await admin.post(BATCH_UPDATE_PATHS.undo(id), {});
    expect(undo.statusCode).toBe(400);
    expect(undo.json()).toMatchObject({
      code: BATCH_UPDATE_ERROR_CODES.changedSince,
      detail: BATCH_UPDATE_MESSAGES.changedSince([edited]),
      target_ids: [edited],
    });
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({ state: 'finished' });
    expect(await runner.run(t.id, String(id))).toBe('skipped');
    for (const workflow of ids) {
      expect((await detail(admin, workflow)).region.id).toBe(t.ids.region('Asia'));
    }
  });

  it('keeps a workflow changed between the check and the job, and reports it kept_changed', async () => {
    const { t, admin, ids, id } = await appliedUpdate();
    expect((await admin.post(BATCH_UPDATE_PATHS.undo(id), {})).statusCode).toBe(202);
    const edited = ids[2] as number;
    await admin.post(WORKFLOW_PATHS.answer(edited), { field_tag: VC.notes, value: 'Mine now' });

    expect(await runner.run(t.id, String(id))).toBe('finished');
    expect(await outcomes(admin, id)).toEqual({
      [ids[0] as number]: 'undone',
      [ids[1] as number]: 'undone',
      [edited]: 'kept_changed',
    });
    const kept = await detail(admin, edited);
    expect(kept.region.id).toBe(t.ids.region('Asia'));
    expect(kept.answers[VC.notes]).toBe('Mine now');
    expect((await detail(admin, ids[0] as number)).region.id).toBe(t.ids.region('Europe'));
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({ state: 'undone' });
  });
});

describe('assignees', () => {
  it("adds a step's assignee to each workflow through the step-users rules, and undo takes it away", async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
    const admin = await t.signedIn('admin');
    const ids = [await createVendorCheck(t, admin, 'One'), await createVendorCheck(t, admin, 'Two')];
    const users = async (id: number) =>
      (
        (await admin.get(WORKFLOW_PATHS.stepUsers(id, VC.intake))).json().results as {
          user_id: number | null;
        }[]
      )
        .map((a) => a.user_id)
        .filter((u) => u !== null);
    const created = await admin.post(BATCH_UPDATE_PATHS.updates, {
      target: 'workflows',
      kind_id: t.kinds.vendor,
      selection: { ids },
      changes: { assignees: [{ step_tag: VC.intake, add: [t.users.member], remove: [] }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(await runner.run(t.id, String(id))).toBe('finished');
    const preview = (await admin.get(BATCH_UPDATE_PATHS.items(id))).json().results[0];
    expect(preview.after.assignees[VC.intake]).toContain(t.users.member);
    expect(preview.before.assignees[VC.intake]).not.toContain(t.users.member);
    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    for (const workflow of ids) expect(await users(workflow)).toContain(t.users.member);

    expect((await admin.post(BATCH_UPDATE_PATHS.undo(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    for (const workflow of ids) expect(await users(workflow)).not.toContain(t.users.member);
  });
});

describe('apply', () => {
  it('resumes after an interruption from its last whole batch, changing each workflow once', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
    await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
    const admin = await t.signedIn('admin');
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await createVendorCheck(t, admin, `Check ${i + 1}`));
    const id = (
      await admin.post(BATCH_UPDATE_PATHS.updates, {
        target: 'workflows',
        selection: { ids },
        changes: { region_id: t.ids.region('Asia') },
      })
    ).json().id as number;
    expect(await runner.run(t.id, String(id))).toBe('finished');
    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);

    // The lease is lost after the first batch of two.
    const lease = new AbortController();
    const interrupted = createBatchUpdateRunner({
      db,
      jobs: null,
      batchSize: 2,
      afterBatch: () => lease.abort(),
    });
    expect(await interrupted.run(t.id, String(id), { signal: lease.signal })).toBe('stopped');
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({
      state: 'running',
      done: 2,
      changed: 2,
    });
    expect(await runner.run(t.id, String(id))).toBe('finished');
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({
      state: 'finished',
      done: 5,
      changed: 5,
    });
    const moves = await adminDb
      .selectFrom('workflow_activity')
      .select('workflow_id')
      .where('tenant_id', '=', t.id)
      .where('workflow_id', 'in', ids.map(String))
      .where(({ ref }) => ref('details', '->>').key('event'), '=', 'place_changed')
      .execute();
    expect(moves.map((m) => Number(m.workflow_id)).sort((a, b) => a - b)).toEqual(ids);
  });
});
