import {
  BATCH_UPDATE_MESSAGES,
  BATCH_UPDATE_PATHS,
  BatchUpdateItemsPageSchema,
  BatchUpdateSchema,
  userChannel,
  WORKFLOW_MESSAGES,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  grantRegion,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';
import { createBatchUpdateRunner } from './update-runner.js';

// Batch update of workflows (issue 18, plan §5): selection, preview, apply, access.
const { app, adminDb, db } = await createTestApp();
const runner = createBatchUpdateRunner({ db, jobs: null, batchSize: 2 });

// A tenant whose admin may batch-update, with full access to Europe and Asia, and `n` checks in
// Europe/Paris.
async function tenantWithChecks(n: number) {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
  await grantRegion(adminDb, t.id, t.users.admin, t.ids.region('Asia'), 'full');
  const admin = await t.signedIn('admin');
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await createVendorCheck(t, admin, `Check ${i + 1}`));
  return { t, admin, ids };
}

async function create(client: TestClient, body: object) {
  return client.post(BATCH_UPDATE_PATHS.updates, body);
}

// Creates the update, runs its preview, and answers it (as previewed).
async function previewed(t: WorkflowTestTenant, client: TestClient, body: object) {
  const response = await create(client, body);
  expect(response.statusCode, response.body).toBe(201);
  const id = BatchUpdateSchema.parse(response.json()).id;
  expect(await runner.run(t.id, String(id))).toBe('finished');
  return id;
}

async function items(client: TestClient, id: number, query = '') {
  const response = await client.get(`${BATCH_UPDATE_PATHS.items(id)}?limit=200${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return BatchUpdateItemsPageSchema.parse(response.json());
}

async function detail(client: TestClient, id: number) {
  return (await client.get(WORKFLOW_PATHS.workflow(id))).json();
}

describe('a region change of filtered workflows', () => {
  it('previews each before and after, applies in batches, and the list shows the new region', async () => {
    const { t, admin, ids } = await tenantWithChecks(5);
    const europe = t.ids.region('Europe');
    const asia = t.ids.region('Asia');
    const created = await create(admin, {
      target: 'workflows',
      selection: { query: `region__in=${europe}` },
      changes: { region_id: asia },
    });
    expect(created.statusCode, created.body).toBe(201);
    const update = BatchUpdateSchema.parse(created.json());
    expect(update).toMatchObject({ state: 'selecting', total: 5 });

    expect(await runner.run(t.id, String(update.id))).toBe('finished');
    expect((await admin.get(BATCH_UPDATE_PATHS.update(update.id))).json()).toMatchObject({
      state: 'previewed',
    });
    const preview = await items(admin, update.id);
    expect(preview.count).toBe(5);
    expect(preview.results.map((i) => i.target_id)).toEqual([...ids].sort((a, b) => a - b));
    expect(preview.results[0]).toMatchObject({
      outcome: 'pending',
      name: 'Check 1',
      before: {
        region: { id: String(europe), name: 'Europe' },
        business_unit: { id: String(t.ids.unit('Paris')), name: 'Paris' },
      },
      after: { region: { id: String(asia), name: 'Asia' }, business_unit: null },
    });
    // Nothing changes before apply.
    expect((await detail(admin, ids[0] as number)).region.id).toBe(europe);

    const applied = await admin.post(BATCH_UPDATE_PATHS.apply(update.id), {});
    expect(applied.statusCode, applied.body).toBe(202);
    expect(applied.json()).toMatchObject({ state: 'queued' });
    expect(await runner.run(t.id, String(update.id))).toBe('finished');
    const finished = BatchUpdateSchema.parse((await admin.get(BATCH_UPDATE_PATHS.update(update.id))).json());
    expect(finished).toMatchObject({
      state: 'finished',
      done: 5,
      changed: 5,
      failed: 0,
      progress: 1,
      can_undo: true,
    });
    expect((await items(admin, update.id, '&outcome=changed')).count).toBe(5);

    const list = (await admin.get(`${WORKFLOW_PATHS.workflows}?region__in=${asia}`)).json();
    expect(list.count).toBe(5);
    expect((await admin.get(`${WORKFLOW_PATHS.workflows}?region__in=${europe}`)).json().count).toBe(0);
    const moved = await detail(admin, ids[0] as number);
    expect(moved.region.id).toBe(asia);
    expect(moved.business_unit).toBeNull();

    // The per-item results file.
    const results = await admin.get(BATCH_UPDATE_PATHS.results(update.id));
    expect(results.statusCode).toBe(200);
    expect(results.headers['content-type']).toContain('text/csv');
    const lines = results.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('id,name,outcome,message,before,after');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(
      [...ids].sort((a, b) => a - b).map((id, i) => `${id},Check ${i + 1},changed`),
    );

    // Applied once only.
    const again = await admin.post(BATCH_UPDATE_PATHS.apply(update.id), {});
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(BATCH_UPDATE_MESSAGES.notApplicable);
    // Listed among the person's own.
    const mine = (await admin.get(BATCH_UPDATE_PATHS.updates)).json();
    expect(mine.results.map((u: { id: number }) => u.id)).toContain(update.id);
  });

  it('refuses a unit outside the region, and a place the person may not use', async () => {
    const { t, admin } = await tenantWithChecks(1);
    const outside = await create(admin, {
      target: 'workflows',
      selection: { query: '' },
      changes: { region_id: t.ids.region('Asia'), business_unit_id: t.ids.unit('Paris') },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe(BATCH_UPDATE_MESSAGES.unitOutsideRegion('Paris', 'Asia'));
    await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
    const member = await t.signedIn('member');
    const forbidden = await create(member, {
      target: 'workflows',
      selection: { query: '' },
      changes: { region_id: t.ids.region('Asia') },
    });
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json().detail).toBe(BATCH_UPDATE_MESSAGES.placeNotAllowed);
  });

  it('refuses a status change: every status follows from the steps', async () => {
    const { t, admin } = await tenantWithChecks(1);
    const response = await create(admin, {
      target: 'workflows',
      kind_id: t.kinds.vendor,
      selection: { query: '' },
      changes: { status_tag: 'done' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(BATCH_UPDATE_MESSAGES.statusNotManual('done'));
  });
});

describe('answers', () => {
  it('sets answers through the engine, and refuses an item with the field message', async () => {
    const { t, admin, ids } = await tenantWithChecks(3);
    const [first, second, third] = ids as [number, number, number];
    // The second's intake is submitted: its answers can no longer be edited.
    await admin.post(WORKFLOW_PATHS.answer(second), { field_tag: VC.name, value: 'Acme' });
    const submitted = await admin.post(WORKFLOW_PATHS.submitStep(second, VC.intake), {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = await previewed(t, admin, {
      target: 'workflows',
      kind_id: t.kinds.vendor,
      selection: { ids: [first, second, third] },
      changes: { answers: { [VC.notes]: 'Checked in batch', [VC.spend]: 1500 } },
    });
    const preview = await items(admin, id);
    const byId = new Map(preview.results.map((i) => [i.target_id, i]));
    expect(byId.get(first)).toMatchObject({
      outcome: 'pending',
      before: { answers: { [VC.notes]: null, [VC.spend]: null } },
      after: { answers: { [VC.notes]: 'Checked in batch', [VC.spend]: 1500 } },
    });
    expect(byId.get(second)?.outcome).toBe('refused');
    expect(byId.get(second)?.message).toBeTruthy();

    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    expect(await runner.run(t.id, String(id))).toBe('finished');
    const answered = await detail(admin, first);
    expect(answered.answers[VC.notes]).toBe('Checked in batch');
    expect(answered.answers[VC.spend]).toBe(1500);
    // The engine's alert rule followed the answer (spend >= 1000).
    const alerts = await adminDb
      .selectFrom('workflow_alerts')
      .select('alert_tag')
      .where('tenant_id', '=', t.id)
      .where('workflow_id', '=', String(first))
      .execute();
    expect(alerts.map((a) => a.alert_tag)).toContain('material_spend');
    expect((await detail(admin, second)).answers[VC.notes]).toBeUndefined();
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({ changed: 2, skipped: 1 });
  });
});

describe('live events', () => {
  it("tells the person the job's start, progress and end, and open process pages the answers", async () => {
    const { t, admin, ids } = await tenantWithChecks(3);
    const heard: OutgoingEvent[] = [];
    const told = createBatchUpdateRunner({
      db,
      jobs: null,
      batchSize: 2,
      realtime: { publish: (e) => heard.push(...e) },
    });
    const id = (
      await create(admin, {
        target: 'workflows',
        kind_id: t.kinds.vendor,
        selection: { ids },
        changes: { answers: { [VC.notes]: 'Live' } },
      })
    ).json().id as number;
    expect(await told.run(t.id, String(id))).toBe('finished');
    expect((await admin.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(202);
    heard.length = 0;
    expect(await told.run(t.id, String(id))).toBe('finished');
    const mine = heard.filter((e) => e.type === 'batch.update');
    expect(
      mine.every((e) => e.channel === userChannel(t.id, t.users.admin) && e.group === 'bulk_actions'),
    ).toBe(true);
    expect(mine.filter((e) => e.outcome !== null).map((e) => [e.outcome, e.data])).toEqual([
      ['started', { id, action: 'apply', done: 0, total: 3 }],
      ['finished', { id, action: 'apply', done: 3, total: 3 }],
    ]);
    // Progress between them (at most one a second): the first batch of two is told.
    expect(mine.find((e) => e.outcome === null)?.data).toEqual({ id, action: 'apply', done: 2, total: 3 });
    const answered = heard.filter((e) => e.type === 'workflow.answered').map((e) => e.workflow_id);
    expect(answered.sort()).toEqual([...ids].sort());
  });
});

describe('access', () => {
  it('refuses workflows the person may only read, and never selects invisible ones', async () => {
    const { t, admin, ids } = await tenantWithChecks(2);
    // One check in Asia, which the member cannot see at first.
    const inAsia = (
      await admin.post(WORKFLOW_PATHS.workflows, {
        kind_id: t.kinds.vendor,
        name: 'Tokyo check',
        region_id: t.ids.region('Asia'),
        business_unit_id: t.ids.unit('Tokyo'),
      })
    ).json().id as number;
    await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
    const member = await t.signedIn('member');
    const change = { region_id: t.ids.region('Europe'), business_unit_id: t.ids.unit('Berlin') };

    // Invisible: neither the filters nor its id select it.
    const byFilter = await previewed(t, member, {
      target: 'workflows',
      selection: { query: `region__in=${t.ids.region('Asia')}` },
      changes: change,
    });
    expect((await items(member, byFilter)).count).toBe(0);
    const byIds = await previewed(t, member, {
      target: 'workflows',
      selection: { ids: [...ids, inAsia] },
      changes: change,
    });
    expect((await items(member, byIds)).results.map((i) => i.target_id)).toEqual(ids);

    // Readable only: listed by id as refused; left out of the filters' selection.
    await grantRegion(adminDb, t.id, t.users.member, t.ids.region('Asia'), 'read');
    const readable = await previewed(t, member, {
      target: 'workflows',
      selection: { ids: [inAsia] },
      changes: change,
    });
    expect((await items(member, readable)).results).toMatchObject([
      { target_id: inAsia, outcome: 'refused', message: WORKFLOW_MESSAGES.read_only },
    ]);
    const filtered = await previewed(t, member, {
      target: 'workflows',
      selection: { query: '' },
      changes: change,
    });
    expect((await items(member, filtered)).results.map((i) => i.target_id)).toEqual(ids);
  });

  it('answers 403 without the permission, and 404 for another tenant or person', async () => {
    const { t, admin } = await tenantWithChecks(1);
    const id = await previewed(t, admin, {
      target: 'workflows',
      selection: { query: '' },
      changes: { region_id: t.ids.region('Asia') },
    });
    const member = await t.signedIn('member');
    expect((await member.get(BATCH_UPDATE_PATHS.updates)).statusCode).toBe(403);
    expect(
      (await create(member, { target: 'workflows', selection: { query: '' }, changes: { region_id: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await member.get(BATCH_UPDATE_PATHS.update(id))).statusCode).toBe(403);
    expect((await member.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(403);

    // Another person with the permission: not theirs.
    await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
    expect((await member.get(BATCH_UPDATE_PATHS.update(id))).statusCode).toBe(404);

    const other = await tenantWithChecks(0);
    for (const response of [
      await other.admin.get(BATCH_UPDATE_PATHS.update(id)),
      await other.admin.get(BATCH_UPDATE_PATHS.items(id)),
      await other.admin.post(BATCH_UPDATE_PATHS.apply(id), {}),
      await other.admin.post(BATCH_UPDATE_PATHS.undo(id), {}),
      await other.admin.get(BATCH_UPDATE_PATHS.results(id)),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({ state: 'previewed' });
  });
});
