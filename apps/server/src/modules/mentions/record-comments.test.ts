import { RECORD_ERROR_CODES, RECORD_MESSAGES, RECORD_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { type RecordsTestTenant, recordsTestTenant } from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

async function created(client: TestClient, tag: string, payload: object) {
  const response = await client.post(RECORD_PATHS.records(tag), payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json() as { id: number };
}

function siteIn(t: RecordsTestTenant, admin: TestClient, region: 'Europe' | 'Asia') {
  return created(admin, 'site', {
    values: { name: `${region} site` },
    region_id: t.ids.region(region),
    business_unit_id: t.ids.unit(region === 'Asia' ? 'Tokyo' : 'Paris'),
  });
}

describe('record comments', () => {
  it('a viewer of the record posts comments and everyone who sees it reads them, oldest first', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const site = await siteIn(t, admin, 'Europe');
    const path = RECORD_PATHS.comments('site', site.id);

    expect((await member.get(path)).json()).toMatchObject({ count: 0, results: [] });
    const first = await admin.post(path, { body: '  Audit booked for May  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      body: 'Audit booked for May',
      author: { id: Number(t.users.admin), email: t.email('admin') },
      mentioned_user_ids: [],
      edited_at: null,
    });
    expect((await member.post(path, { body: 'Thanks' })).statusCode).toBe(201);

    const list = await member.get(path);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().results.map((m: { body: string }) => m.body)).toEqual([
      'Audit booked for May',
      'Thanks',
    ]);
    // One thread per record, whoever starts it.
    expect(new Set(list.json().results.map((m: { thread: number }) => m.thread)).size).toBe(1);
    // Another record's comments are its own.
    const other = await siteIn(t, admin, 'Europe');
    expect((await member.get(RECORD_PATHS.comments('site', other.id))).json().count).toBe(0);
  });

  it('answers 404 for a record in a region the person cannot see, and for an unknown type', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const asia = await siteIn(t, admin, 'Asia');
    const path = RECORD_PATHS.comments('site', asia.id);
    expect((await admin.post(path, { body: 'Tokyo only' })).statusCode).toBe(201);

    expect((await member.get(path)).statusCode).toBe(404);
    expect((await member.post(path, { body: 'Let me in' })).statusCode).toBe(404);
    // The same id under a type it does not belong to is not found either.
    expect((await admin.get(RECORD_PATHS.comments('supplier', asia.id))).statusCode).toBe(404);
    expect((await admin.get(path)).json().count).toBe(1);
  });

  it("answers 404 for another tenant's record, and 403 without can_view_records", async () => {
    const a = await recordsTestTenant(app, adminDb);
    const b = await recordsTestTenant(app, adminDb);
    const adminA = await a.signedIn('admin');
    const record = await created(adminA, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const path = RECORD_PATHS.comments('supplier', record.id);
    expect((await adminA.post(path, { body: 'Ours' })).statusCode).toBe(201);

    const adminB = await b.signedIn('admin');
    expect((await adminB.get(path)).statusCode).toBe(404);
    expect((await adminB.post(path, { body: 'Theirs' })).statusCode).toBe(404);

    const noPermission = await a.signedIn('supplier');
    expect((await noPermission.get(path)).statusCode).toBe(403);
    expect((await noPermission.post(path, { body: 'Hello' })).statusCode).toBe(403);
    expect((await adminA.get(path)).json().results.map((m: { body: string }) => m.body)).toEqual(['Ours']);
  });

  it('a commented record can still be deleted, and its comments go with it', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const record = await created(admin, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const path = RECORD_PATHS.comments('supplier', record.id);
    expect((await admin.post(path, { body: 'To be removed' })).statusCode).toBe(201);

    const deleted = await admin.request({
      method: 'DELETE',
      url: RECORD_PATHS.record('supplier', record.id),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await admin.get(path)).statusCode).toBe(404);
    const threads = await adminDb
      .selectFrom('threads')
      .select('id')
      .where('tenant_id', '=', t.id)
      .where('record_id', '=', String(record.id))
      .execute();
    expect(threads).toEqual([]);
  });

  it('an archived record keeps its comments readable and takes no new one until restored', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const record = await created(admin, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const path = RECORD_PATHS.comments('supplier', record.id);
    expect((await admin.post(path, { body: 'Before archiving' })).statusCode).toBe(201);
    expect((await admin.post(RECORD_PATHS.archive('supplier', record.id), {})).statusCode).toBe(200);

    const refused = await admin.post(path, { body: 'After archiving' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: RECORD_ERROR_CODES.archived,
      detail: RECORD_MESSAGES.archived,
    });
    expect((await admin.get(path)).json().count).toBe(1);

    expect((await admin.post(RECORD_PATHS.restore('supplier', record.id), {})).statusCode).toBe(200);
    expect((await admin.post(path, { body: 'After restoring' })).statusCode).toBe(201);
  });

  it('refuses an empty or oversized comment (400) with the field message, and keeps nothing', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const record = await created(admin, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    const path = RECORD_PATHS.comments('supplier', record.id);

    const empty = await admin.post(path, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    const tooLong = await admin.post(path, { body: 'a'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(empty.json().errors.body).toEqual(['Too small: expected string to have >=1 characters']);
    expect(tooLong.json().errors.body).toEqual(['Too big: expected string to have <=5000 characters']);
    expect((await admin.get(path)).json().count).toBe(0);
  });
});
