import {
  ANSWER_ERROR_MESSAGES,
  BATCH_UPDATE_MESSAGES,
  BATCH_UPDATE_PATHS,
  BatchUpdateItemsPageSchema,
  BatchUpdateSchema,
  RECORD_MESSAGES,
  RECORD_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { type RecordsTestTenant, recordsTestTenant } from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createBatchUpdateRunner } from './update-runner.js';

// Batch update of records (issue 18, plan §5): one type's records selected by the records list's
// filters or by ids, their values and place changed through the records' own edit path, undone.
const { app, adminDb, db } = await createTestApp();
const runner = createBatchUpdateRunner({ db, jobs: null, batchSize: 2 });

async function tenant() {
  const t = await recordsTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_perform_batch_import']);
  await grant(adminDb, t.id, t.users.member, ['can_perform_batch_import']);
  return t;
}

async function record(client: TestClient, tag: string, payload: object): Promise<number> {
  const response = await client.post(RECORD_PATHS.records(tag), payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

// Sites (by region and unit): three in Europe/Paris, one in Asia/Tokyo.
async function sites(t: RecordsTestTenant, admin: TestClient) {
  const paris = { region_id: t.ids.region('Europe'), business_unit_id: t.ids.unit('Paris') };
  const europe = [];
  for (const name of ['Lyon site', 'Nice site', 'Paris site'])
    europe.push(await record(admin, 'site', { values: { name, employees: 10 }, ...paris }));
  const asia = await record(admin, 'site', {
    values: { name: 'Tokyo site', employees: 10 },
    region_id: t.ids.region('Asia'),
    business_unit_id: t.ids.unit('Tokyo'),
  });
  return { europe, asia };
}

async function run(t: RecordsTestTenant, id: number) {
  expect(await runner.run(t.id, String(id))).toBe('finished');
}

async function previewed(t: RecordsTestTenant, client: TestClient, body: object) {
  const response = await client.post(BATCH_UPDATE_PATHS.updates, { target: 'records', ...body });
  expect(response.statusCode, response.body).toBe(201);
  const id = BatchUpdateSchema.parse(response.json()).id;
  await run(t, id);
  return id;
}

async function items(client: TestClient, id: number) {
  const response = await client.get(`${BATCH_UPDATE_PATHS.items(id)}?limit=200`);
  expect(response.statusCode, response.body).toBe(200);
  return BatchUpdateItemsPageSchema.parse(response.json());
}

async function applied(t: RecordsTestTenant, client: TestClient, id: number) {
  const response = await client.post(BATCH_UPDATE_PATHS.apply(id), {});
  expect(response.statusCode, response.body).toBe(202);
  await run(t, id);
  return BatchUpdateSchema.parse((await client.get(BATCH_UPDATE_PATHS.update(id))).json());
}

const detail = async (client: TestClient, tag: string, id: number) =>
  (await client.get(RECORD_PATHS.record(tag, id))).json();

describe('a batch update of records', () => {
  it("selects by the list's filters only what the person may see, and changes values through the records' edit path", async () => {
    const t = await tenant();
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const { europe, asia } = await sites(t, admin);

    // The member sees Europe only: the Tokyo site is never selected.
    const id = await previewed(t, member, {
      object_type: 'site',
      selection: { query: 'ordering=title' },
      changes: { answers: { employees: '25' } },
    });
    const update = BatchUpdateSchema.parse((await member.get(BATCH_UPDATE_PATHS.update(id))).json());
    expect(update).toMatchObject({
      target: 'records',
      object_type: { tag: 'site', name: 'Site' },
      state: 'previewed',
      total: 3,
    });
    const preview = await items(member, id);
    expect(preview.results.map((i) => i.target_id)).toEqual(europe);
    expect(preview.results[0]).toMatchObject({
      name: 'Lyon site',
      outcome: 'pending',
      before: { answers: { employees: 10 } },
      after: { answers: { employees: 25 } },
    });
    expect((await detail(member, 'site', europe[0] as number)).values.employees).toBe(10);

    expect(await applied(t, member, id)).toMatchObject({ state: 'finished', changed: 3, can_undo: true });
    const changed = await detail(member, 'site', europe[0] as number);
    expect(changed.values.employees).toBe(25);
    expect(changed.revision).toBe(2);
    expect((await detail(admin, 'site', asia)).values.employees).toBe(10);
    // The list filters on the typed projection the edit path keeps.
    const filters = JSON.stringify({
      compareType: 'AND',
      conditions: [{ field: 'record_field__employees', operator: 'eq', value: 25 }],
      groups: [],
    });
    const listed = await admin.get(
      `${RECORD_PATHS.records('site')}?advanced_filters=${encodeURIComponent(filters)}`,
    );
    expect(listed.json().count, listed.body).toBe(3);
    // One activity row per record, naming the batch update.
    const activity = (await member.get(RECORD_PATHS.activity('site', europe[0] as number))).json();
    expect(activity.results[0]).toMatchObject({
      action: 'batch_updated',
      changes: [{ field_tag: 'employees', before: 10, after: 25 }],
    });
    const logged = await adminDb
      .selectFrom('record_activity')
      .select('batch_update_id')
      .where('tenant_id', '=', t.id)
      .where('action', '=', 'batch_updated')
      .execute();
    expect(logged.map((r) => Number(r.batch_update_id))).toEqual([id, id, id]);
  });

  it("refuses a value the field's rules refuse, per record, and what the type does not have", async () => {
    const t = await tenant();
    const admin = await t.signedIn('admin');
    const supplier = await record(admin, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const id = await previewed(t, admin, {
      object_type: 'supplier',
      selection: { ids: [supplier] },
      changes: { answers: { contact_email: 'not-an-address' } },
    });
    expect((await items(admin, id)).results[0]).toMatchObject({
      outcome: 'refused',
      message: ANSWER_ERROR_MESSAGES.invalid_email(),
    });
    const nothing = await admin.post(BATCH_UPDATE_PATHS.apply(id), {});
    expect(nothing.json()).toMatchObject({ code: 'batch_update_nothing_to_apply' });

    const unknown = await admin.post(BATCH_UPDATE_PATHS.updates, {
      target: 'records',
      object_type: 'supplier',
      selection: { ids: [supplier] },
      changes: { answers: { colour: 'red' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(RECORD_MESSAGES.unknownField('supplier', 'colour'));
    const noRegion = await admin.post(BATCH_UPDATE_PATHS.updates, {
      target: 'records',
      object_type: 'supplier',
      selection: { ids: [supplier] },
      changes: { region_id: t.ids.region('Asia') },
    });
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().detail).toBe(RECORD_MESSAGES.noRegion('Supplier'));
    // A region the member has no grant on.
    const member = await t.signedIn('member');
    const notAllowed = await member.post(BATCH_UPDATE_PATHS.updates, {
      target: 'records',
      object_type: 'site',
      selection: { query: '' },
      changes: { region_id: t.ids.region('Asia') },
    });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().detail).toBe(RECORD_MESSAGES.noPlaceAccess);
  });

  it('moves records to another region and unit, and undo puts them back', async () => {
    const t = await tenant();
    const admin = await t.signedIn('admin');
    const { europe } = await sites(t, admin);
    const asia = t.ids.region('Asia');
    const id = await previewed(t, admin, {
      object_type: 'site',
      selection: { query: `region__in=${t.ids.region('Europe')}` },
      changes: { region_id: asia, business_unit_id: t.ids.unit('Tokyo') },
    });
    expect((await items(admin, id)).results[0]).toMatchObject({
      before: { region: { name: 'Europe' }, business_unit: { name: 'Paris' } },
      after: { region: { name: 'Asia' }, business_unit: { name: 'Tokyo' } },
    });
    expect(await applied(t, admin, id)).toMatchObject({ changed: 3 });
    expect((await detail(admin, 'site', europe[1] as number)).region.id).toBe(asia);

    const undo = await admin.post(BATCH_UPDATE_PATHS.undo(id), {});
    expect(undo.statusCode, undo.body).toBe(202);
    await run(t, id);
    expect((await admin.get(BATCH_UPDATE_PATHS.update(id))).json()).toMatchObject({ state: 'undone' });
    const back = await detail(admin, 'site', europe[1] as number);
    expect(back.region.id).toBe(t.ids.region('Europe'));
    expect(back.business_unit.id).toBe(t.ids.unit('Paris'));
    expect(back.revision).toBe(3);
    const activity = (await admin.get(RECORD_PATHS.activity('site', europe[1] as number))).json();
    expect(activity.results[0].action).toBe('update_undone');
  });

  it('refuses undo naming the records changed since, and keeps one changed between the check and the job', async () => {
    const t = await tenant();
    const admin = await t.signedIn('admin');
    const { europe } = await sites(t, admin);
    const [first, second, third] = europe as [number, number, number];
    const id = await previewed(t, admin, {
      object_type: 'site',
      selection: { ids: europe },
      changes: { answers: { employees: 40 } },
    });
    await applied(t, admin, id);
    const edit = async (recordId: number, employees: number) => {
      const { revision } = await detail(admin, 'site', recordId);
      const response = await admin.request({
        method: 'PATCH',
        url: RECORD_PATHS.record('site', recordId),
        payload: { revision, values: { employees } },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit(second, 41);
    const refused = await admin.post(BATCH_UPDATE_PATHS.undo(id), {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'batch_update_changed_since',
      detail: BATCH_UPDATE_MESSAGES.changedSince([second]),
      target_ids: [second],
    });
    expect((await detail(admin, 'site', first)).values.employees).toBe(40);

    // Put back as the update left it is still a change since (another revision): make a fresh update.
    const again = await previewed(t, admin, {
      object_type: 'site',
      selection: { ids: [first, third] },
      changes: { answers: { employees: 50 } },
    });
    await applied(t, admin, again);
    expect((await admin.post(BATCH_UPDATE_PATHS.undo(again), {})).statusCode).toBe(202);
    // Changed after the check, before the job: kept and reported.
    await edit(third, 51);
    await run(t, again);
    const outcomes = (await items(admin, again)).results.map((i) => [i.target_id, i.outcome]);
    expect(outcomes).toEqual([
      [first, 'undone'],
      [third, 'kept_changed'],
    ]);
    expect((await detail(admin, 'site', first)).values.employees).toBe(40);
    expect((await detail(admin, 'site', third)).values.employees).toBe(51);
  });

  it("never selects another tenant's records, and answers 404 for its update", async () => {
    const a = await tenant();
    const b = await tenant();
    const adminA = await a.signedIn('admin');
    const adminB = await b.signedIn('admin');
    const mine = await record(adminA, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const id = await previewed(a, adminA, {
      object_type: 'supplier',
      selection: { query: '' },
      changes: { answers: { employees: 3 } },
    });
    const response = await adminB.post(BATCH_UPDATE_PATHS.updates, {
      target: 'records',
      object_type: 'supplier',
      selection: { ids: [mine] },
      changes: { answers: { employees: 9 } },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().total).toBe(0);
    expect((await adminB.get(BATCH_UPDATE_PATHS.update(id))).statusCode).toBe(404);
    expect((await adminB.get(BATCH_UPDATE_PATHS.items(id))).statusCode).toBe(404);
    expect((await adminB.post(BATCH_UPDATE_PATHS.apply(id), {})).statusCode).toBe(404);
  });
});
