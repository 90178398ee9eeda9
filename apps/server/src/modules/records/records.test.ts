import { ANSWER_ERROR_MESSAGES, RECORD_MESSAGES, RECORD_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { recordRowCounts, recordsTestTenant, workflowRow } from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

type Values = Record<string, unknown>;

async function create(client: TestClient, values: Values, tag = 'supplier', extra: object = {}) {
  return client.post(RECORD_PATHS.records(tag), { values, ...extra });
}

async function created(client: TestClient, values: Values, tag = 'supplier', extra: object = {}) {
  const response = await create(client, values, tag, extra);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json() as { id: number; revision: number; title: string; values: Values };
}

const patch = (client: TestClient, tag: string, id: number, payload: object) =>
  client.request({ method: 'PATCH', url: RECORD_PATHS.record(tag, id), payload });

async function activity(recordId: number) {
  return adminDb
    .selectFrom('record_activity')
    .select(['action', 'changes'])
    .where('record_id', '=', String(recordId))
    .orderBy('id')
    .execute();
}

describe('object types', () => {
  it('lists the published types and answers one by tag; an unknown tag is 404', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    await created(client, { name: 'Acme Ltd' });
    const list = await client.get(RECORD_PATHS.objectTypes);
    expect(list.statusCode).toBe(200);
    const supplier = list.json().results.find((r: { tag: string }) => r.tag === 'supplier');
    expect(supplier).toMatchObject({
      name: 'Supplier',
      version: 1,
      has_region: false,
      record_count_estimate: 1,
    });
    const one = await client.get(RECORD_PATHS.objectType('site'));
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ tag: 'site', version: 1, definition: { has_region: true } });
    expect((await client.get(RECORD_PATHS.objectType('nothing'))).statusCode).toBe(404);
  });
});

describe('record create, read, edit, archive, restore, delete', () => {
  it('creates a record with its typed values, key and one activity row, and reads it back', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const response = await create(client, {
      name: ' Acme Ltd ',
      vat_number: 'GB123',
      contact_email: 'ops@acme.test',
      employees: 40,
    });
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      title: 'Acme Ltd',
      revision: 1,
      version: 1,
      region: null,
      object_type: { tag: 'supplier', name: 'Supplier' },
      values: { name: 'Acme Ltd', vat_number: 'GB123', contact_email: 'ops@acme.test', employees: 40 },
      created_by: { email: t.email('admin') },
      archived_at: null,
    });
    const read = await client.get(RECORD_PATHS.record('supplier', record.id));
    expect(read.json()).toEqual(record);
    const values = await adminDb
      .selectFrom('record_values')
      .select(['field_tag', 'text_value', 'number_value'])
      .where('record_id', '=', String(record.id))
      .orderBy('field_tag')
      .execute();
    expect(values).toEqual([
      { field_tag: 'contact_email', text_value: 'ops@acme.test', number_value: null },
      { field_tag: 'employees', text_value: '40', number_value: 40 },
      { field_tag: 'name', text_value: 'Acme Ltd', number_value: null },
      { field_tag: 'vat_number', text_value: 'GB123', number_value: null },
    ]);
    const keys = await adminDb
      .selectFrom('record_keys')
      .select(['key_name', 'key_value'])
      .where('record_id', '=', String(record.id))
      .execute();
    expect(keys).toEqual([{ key_name: 'vat_number', key_value: 'gb123' }]);
    const log = await activity(record.id);
    expect(log).toHaveLength(1);
    expect(log[0]?.action).toBe('created');
    expect(log[0]?.changes).toContainEqual({ field_tag: 'employees', before: null, after: 40 });
  });

  it('refuses a bad value, a missing title and an unknown field with the exact messages, writing nothing', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    await created(client, { name: 'Kept Ltd', vat_number: 'K1' });
    const before = await recordRowCounts(adminDb, t.id);

    const bad = await create(client, { name: 'Acme Ltd', vat_number: 'GB9', contact_email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_answers',
      detail: RECORD_MESSAGES.invalidAnswers,
      errors: { contact_email: [ANSWER_ERROR_MESSAGES.invalid_email()] },
    });

    const untitled = await create(client, { vat_number: 'GB10' });
    expect(untitled.json()).toMatchObject({
      code: 'invalid_answers',
      errors: { name: [ANSWER_ERROR_MESSAGES.required()] },
    });

    const unknown = await create(client, { name: 'Acme Ltd', vat: 'GB11' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'unknown_field',
      detail: "The object type 'supplier' has no field 'vat'.",
    });

    const placed = await create(client, { name: 'Acme Ltd' }, 'supplier', {
      region_id: t.ids.region('Europe'),
    });
    expect(placed.json()).toMatchObject({ code: 'no_region', detail: RECORD_MESSAGES.noRegion('Supplier') });

    expect(await recordRowCounts(adminDb, t.id)).toEqual(before);
  });

  it('refuses a duplicate unique key (compared trimmed, without case) naming the record, writing nothing', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const first = await created(client, { name: 'Acme Ltd', vat_number: 'GB123' });
    const before = await recordRowCounts(adminDb, t.id);
    const second = await create(client, { name: 'Acme Copy', vat_number: ' gb123 ' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      code: 'duplicate_key',
      detail: `A supplier with this VAT number already exists (record ${first.id}).`,
      errors: { vat_number: [`A supplier with this VAT number already exists (record ${first.id}).`] },
    });
    expect(await recordRowCounts(adminDb, t.id)).toEqual(before);

    // An edit into another record's key is refused alike; its own key is no clash.
    const other = await created(client, { name: 'Beta Ltd', vat_number: 'DE1' });
    const clash = await patch(client, 'supplier', other.id, { revision: 1, values: { vat_number: 'GB123' } });
    expect(clash.json().code).toBe('duplicate_key');
    const same = await patch(client, 'supplier', first.id, { revision: 1, values: { name: 'Acme Limited' } });
    expect(same.statusCode).toBe(200);
  });

  it('edits only the values sent, bumps the revision, logs before and after, and refuses a stale revision', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const record = await created(client, { name: 'Acme Ltd', vat_number: 'GB1', employees: 10 });
    const edited = await patch(client, 'supplier', record.id, {
      revision: 1,
      values: { employees: 12, vat_number: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ revision: 2, values: { name: 'Acme Ltd', employees: 12 } });
    expect(edited.json().values).not.toHaveProperty('vat_number');
    const log = await activity(record.id);
    expect(log.map((row) => row.action)).toEqual(['created', 'edited']);
    expect(log[1]?.changes).toEqual([
      { field_tag: 'vat_number', before: 'GB1', after: null },
      { field_tag: 'employees', before: 10, after: 12 },
    ]);
    const tab = await client.get(`${RECORD_PATHS.activity('supplier', record.id)}?limit=1`);
    expect(tab.statusCode).toBe(200);
    expect(tab.json()).toMatchObject({
      count: 2,
      previous: null,
      results: [{ action: 'edited', actor: { email: t.email('admin') }, changes: log[1]?.changes }],
    });
    expect((await client.get(tab.json().next)).json().results[0].action).toBe('created');
    // The cleared key no longer holds: another record may take it.
    await created(client, { name: 'Other Ltd', vat_number: 'GB1' });

    const before = await recordRowCounts(adminDb, t.id);
    const stale = await patch(client, 'supplier', record.id, { revision: 1, values: { employees: 99 } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ code: 'stale_revision', detail: RECORD_MESSAGES.staleRevision });
    const invalid = await patch(client, 'supplier', record.id, {
      revision: 2,
      values: { employees: 'many' },
    });
    expect(invalid.json().code).toBe('invalid_answers');
    expect(await recordRowCounts(adminDb, t.id)).toEqual(before);
    expect((await client.get(RECORD_PATHS.record('supplier', record.id))).json().values.employees).toBe(12);
  });

  it('archives (out of the list, edits refused), restores, and deletes with everything it wrote', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const record = await created(client, { name: 'Acme Ltd', vat_number: 'GB1' });
    const archived = await client.post(RECORD_PATHS.archive('supplier', record.id), {});
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ revision: 2, archived_by: { email: t.email('admin') } });
    expect(archived.json().archived_at).not.toBeNull();
    expect((await client.get(RECORD_PATHS.records('supplier'))).json().count).toBe(0);
    expect(
      (await client.get(`${RECORD_PATHS.records('supplier')}?archived=true`)).json().results,
    ).toHaveLength(1);
    const refused = await patch(client, 'supplier', record.id, { revision: 2, values: { employees: 1 } });
    expect(refused.json()).toEqual({ code: 'record_archived', detail: RECORD_MESSAGES.archived });

    const restored = await client.post(RECORD_PATHS.restore('supplier', record.id), {});
    expect(restored.json()).toMatchObject({ revision: 3, archived_at: null, archived_by: null });
    expect((await activity(record.id)).map((row) => row.action)).toEqual(['created', 'archived', 'restored']);

    const deleted = await client.request({
      method: 'DELETE',
      url: RECORD_PATHS.record('supplier', record.id),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await client.get(RECORD_PATHS.record('supplier', record.id))).statusCode).toBe(404);
    expect(await recordRowCounts(adminDb, t.id)).toEqual({
      records: 0,
      record_values: 0,
      record_keys: 0,
      record_activity: 0,
    });
  });
});

describe('a record a workflow names', () => {
  it('is not deleted: the refusal names the workflows the user can see, and counts the others', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const record = await created(client, { name: 'Acme Ltd', vat_number: 'GB1' });
    // One workflow in Europe (the member sees it), one in a region the member has no grant on.
    for (const [name, regionId] of [
      ['Onboarding Acme Ltd', String(t.ids.region('Europe'))],
      ['Offboarding Acme Ltd', undefined],
    ] as const) {
      const workflowId = await workflowRow(adminDb, t.id, { name, regionId });
      await adminDb
        .insertInto('workflow_record_links')
        .values({
          tenant_id: t.id,
          workflow_id: workflowId,
          field_tag: 'supplier',
          record_id: String(record.id),
        })
        .execute();
    }
    const refused = await client.request({
      method: 'DELETE',
      url: RECORD_PATHS.record('supplier', record.id),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'record_in_use',
      detail: RECORD_MESSAGES.recordInUse(2, ['Onboarding Acme Ltd']),
    });
    expect(refused.json().detail).toBe(
      'This record is used by 2 workflows (Onboarding Acme Ltd, ...). Remove it from them first.',
    );
    expect((await client.get(RECORD_PATHS.record('supplier', record.id))).statusCode).toBe(200);
  });
});

describe('records list', () => {
  async function fiveSuppliers() {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const rows = [
      { name: 'Delta GmbH', vat_number: 'D', country: 'DE', employees: 400 },
      { name: 'alpha Ltd', vat_number: 'A', country: 'GB', employees: 12 },
      { name: 'Echo SA', vat_number: 'E', country: 'FR' },
      { name: 'Bravo Ltd', vat_number: 'B', country: 'GB', employees: 7 },
      { name: 'Charlie BV', vat_number: 'C', country: 'NL', employees: 90 },
    ];
    for (const values of rows) await created(client, values);
    return { t, client };
  }
  const titles = (body: { results: { title: string }[] }) => body.results.map((r) => r.title);

  it('pages newest first by default, with the count and links, and the list columns as values', async () => {
    const { client } = await fiveSuppliers();
    const first = await client.get(`${RECORD_PATHS.records('supplier')}?limit=2`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(5);
    expect(titles(body)).toEqual(['Charlie BV', 'Bravo Ltd']);
    expect(body.results[0].values).toEqual({ vat_number: 'C', country: 'NL' });
    expect(body.previous).toBeNull();
    const second = await client.get(body.next);
    expect(titles(second.json())).toEqual(['Echo SA', 'alpha Ltd']);
    const last = await client.get(`${RECORD_PATHS.records('supplier')}?limit=2&offset=4`);
    expect(titles(last.json())).toEqual(['Delta GmbH']);
    expect(last.json().next).toBeNull();
  });

  it('orders by title (without case) and by a field, records without the value last', async () => {
    const { client } = await fiveSuppliers();
    const path = RECORD_PATHS.records('supplier');
    expect(titles((await client.get(`${path}?ordering=title`)).json())).toEqual([
      'alpha Ltd',
      'Bravo Ltd',
      'Charlie BV',
      'Delta GmbH',
      'Echo SA',
    ]);
    expect(titles((await client.get(`${path}?ordering=-field__employees`)).json())).toEqual([
      'Delta GmbH',
      'Charlie BV',
      'alpha Ltd',
      'Bravo Ltd',
      'Echo SA',
    ]);
    const unknown = await client.get(`${path}?ordering=field__nothing`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.ordering).toEqual(["The object type 'supplier' has no field 'nothing'."]);
  });

  it('searches titles (q) and applies advanced filters on fields and record columns', async () => {
    const { client } = await fiveSuppliers();
    const path = RECORD_PATHS.records('supplier');
    const q = await client.get(`${path}?q=LTD&ordering=title`);
    expect(titles(q.json())).toEqual(['alpha Ltd', 'Bravo Ltd']);
    expect(q.json().count).toBe(2);
    const filters = (group: object) =>
      `${path}?ordering=title&advanced_filters=${encodeURIComponent(JSON.stringify(group))}`;
    const big = await client.get(
      filters({
        compareType: 'AND',
        conditions: [{ field: 'record_field__employees', operator: 'gt', value: 10 }],
        groups: [],
      }),
    );
    expect(big.statusCode).toBe(200);
    expect(titles(big.json())).toEqual(['alpha Ltd', 'Charlie BV', 'Delta GmbH']);
    const either = await client.get(
      filters({
        compareType: 'OR',
        conditions: [
          { field: 'record_field__country', operator: 'eq', value: 'FR' },
          { field: 'record__title', operator: 'contains', value: 'bravo' },
        ],
        groups: [],
      }),
    );
    expect(titles(either.json())).toEqual(['Bravo Ltd', 'Echo SA']);
    const notGb = await client.get(
      filters({
        compareType: 'AND',
        conditions: [{ field: 'record_field__country', operator: 'not_eq', value: 'GB' }],
        groups: [],
      }),
    );
    expect(titles(notGb.json())).toEqual(['Charlie BV', 'Delta GmbH', 'Echo SA']);
    const wrong = await client.get(
      filters({
        compareType: 'AND',
        conditions: [{ field: 'record_field__nothing', operator: 'eq', value: 1 }],
        groups: [],
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_filter');
  });

  it('filters by region and business unit on a type with places', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const place = (region: string, unit: string | null) => ({
      region_id: t.ids.region(region),
      business_unit_id: unit === null ? null : t.ids.unit(unit),
    });
    await created(client, { name: 'Paris site' }, 'site', place('Europe', 'Paris'));
    await created(client, { name: 'Berlin site' }, 'site', place('Europe', 'Berlin'));
    await created(client, { name: 'Tokyo site' }, 'site', place('Asia', 'Tokyo'));
    const path = RECORD_PATHS.records('site');
    expect(
      titles((await client.get(`${path}?region__in=${t.ids.region('Europe')}&ordering=title`)).json()),
    ).toEqual(['Berlin site', 'Paris site']);
    expect(
      titles(
        (
          await client.get(
            `${path}?business_unit__in=${t.ids.unit('Tokyo')},${t.ids.unit('Paris')}&ordering=title`,
          )
        ).json(),
      ),
    ).toEqual(['Paris site', 'Tokyo site']);
    const missing = await create(client, { name: 'Nowhere' }, 'site');
    expect(missing.json()).toMatchObject({
      code: 'place_required',
      detail: RECORD_MESSAGES.placeRequired('Site'),
    });
  });
});
