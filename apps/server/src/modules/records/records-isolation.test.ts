import { RECORD_MESSAGES, RECORD_PATHS } from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  publishObjectTypeRow,
  type RecordsTestTenant,
  recordsTestTenant,
  supplierType,
} from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';

const { app, db, adminDb } = await createTestApp();

async function created(client: TestClient, tag: string, payload: object) {
  const response = await client.post(RECORD_PATHS.records(tag), payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json() as { id: number };
}

// A site in Asia, where the member has no grant (the admin has Europe and Asia).
async function asiaSite(t: RecordsTestTenant, admin: TestClient) {
  return created(admin, 'site', {
    values: { name: 'Tokyo site' },
    region_id: t.ids.region('Asia'),
    business_unit_id: t.ids.unit('Tokyo'),
  });
}

describe('records isolation', () => {
  it('names the record holding a duplicate key only to someone who may see it', async () => {
    const t = await recordsTestTenant(app, adminDb);
    await publishObjectTypeRow(
      adminDb,
      t.id,
      supplierType({ tag: 'vendor', name: 'Vendor', has_region: true }),
    );
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const inAsia = await created(admin, 'vendor', {
      values: { name: 'Tokyo Ltd', vat_number: 'JP1' },
      region_id: t.ids.region('Asia'),
    });
    const again = { values: { name: 'Paris Ltd', vat_number: 'JP1' }, region_id: t.ids.region('Europe') };

    const hidden = await member.post(RECORD_PATHS.records('vendor'), again);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().detail).toBe('A vendor with this VAT number already exists.');
    const shown = await admin.post(RECORD_PATHS.records('vendor'), again);
    expect(shown.json().detail).toBe(`A vendor with this VAT number already exists (record ${inAsia.id}).`);
  });

  it("answers 404 for another tenant's record and never lists it; RLS shows none of its rows", async () => {
    const a = await recordsTestTenant(app, adminDb);
    const b = await recordsTestTenant(app, adminDb);
    const adminA = await a.signedIn('admin');
    const adminB = await b.signedIn('admin');
    const record = await created(adminA, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });
    expect((await adminA.get(RECORD_PATHS.record('supplier', record.id))).statusCode).toBe(200);

    expect((await adminB.get(RECORD_PATHS.record('supplier', record.id))).statusCode).toBe(404);
    const patch = await adminB.request({
      method: 'PATCH',
      url: RECORD_PATHS.record('supplier', record.id),
      payload: { revision: 1, values: { name: 'Stolen' } },
    });
    expect(patch.statusCode).toBe(404);
    expect((await adminB.post(RECORD_PATHS.archive('supplier', record.id), {})).statusCode).toBe(404);
    const deleted = await adminB.request({
      method: 'DELETE',
      url: RECORD_PATHS.record('supplier', record.id),
    });
    expect(deleted.statusCode).toBe(404);
    const list = await adminB.get(RECORD_PATHS.records('supplier'));
    expect(list.json()).toMatchObject({ count: 0, results: [] });
    expect((await adminB.get(`${RECORD_PATHS.search('supplier')}?q=acme`)).json().results).toEqual([]);
    // B's own record may take the same key: keys are per tenant.
    await created(adminB, 'supplier', { values: { name: 'Acme Ltd', vat_number: 'GB1' } });

    // Under B's tenant the application role reads none of A's rows.
    const seen = await withTenant(db, b.id, async (tx) => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from records where id = ${record.id}`.execute(tx);
      return rows[0]?.n;
    });
    expect(seen).toBe(0);
    expect((await adminA.get(RECORD_PATHS.record('supplier', record.id))).json().title).toBe('Acme Ltd');
  });

  it('hides a region record from a user without its grant: 404, not listed, not counted, not offered', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const tokyo = await asiaSite(t, admin);
    const paris = await created(admin, 'site', {
      values: { name: 'Paris site' },
      region_id: t.ids.region('Europe'),
      business_unit_id: t.ids.unit('Paris'),
    });

    expect((await admin.get(RECORD_PATHS.record('site', tokyo.id))).statusCode).toBe(200);
    expect((await member.get(RECORD_PATHS.record('site', tokyo.id))).statusCode).toBe(404);
    expect((await member.get(RECORD_PATHS.record('site', paris.id))).statusCode).toBe(200);
    const patch = await member.request({
      method: 'PATCH',
      url: RECORD_PATHS.record('site', tokyo.id),
      payload: { revision: 1, values: { name: 'Mine' } },
    });
    expect(patch.statusCode).toBe(404);
    expect((await member.post(RECORD_PATHS.archive('site', tokyo.id), {})).statusCode).toBe(404);
    expect((await member.get(RECORD_PATHS.activity('site', tokyo.id))).statusCode).toBe(404);
    expect((await admin.get(RECORD_PATHS.activity('site', tokyo.id))).json().count).toBe(1);

    const list = await member.get(
      `${RECORD_PATHS.records('site')}?region__in=${t.ids.region('Asia')},${t.ids.region('Europe')}`,
    );
    expect(list.json().count).toBe(1);
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([paris.id]);
    expect((await admin.get(RECORD_PATHS.records('site'))).json().count).toBe(2);

    const offered = await member.get(`${RECORD_PATHS.search('site')}?q=site`);
    expect(offered.json().results).toEqual([{ id: paris.id, title: 'Paris site' }]);
    const types = await member.get(RECORD_PATHS.objectTypes);
    expect(types.json().results.find((r: { tag: string }) => r.tag === 'site').record_count_estimate).toBe(1);

    // Nor may the member put a record where they have no grant.
    const placed = await member.post(RECORD_PATHS.records('site'), {
      values: { name: 'Osaka site' },
      region_id: t.ids.region('Asia'),
    });
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toEqual({ code: 'no_place_access', detail: RECORD_MESSAGES.noPlaceAccess });
  });

  it('refuses a user without can_view_records (403) and offers a picker user only the records they see', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const record = await created(admin, 'supplier', { values: { name: 'Acme Ltd' } });
    await asiaSite(t, admin);
    const supplier = await t.signedIn('supplier');
    for (const url of [
      RECORD_PATHS.objectTypes,
      RECORD_PATHS.objectType('supplier'),
      RECORD_PATHS.records('supplier'),
      RECORD_PATHS.record('supplier', record.id),
    ]) {
      expect((await supplier.get(url)).statusCode, url).toBe(403);
    }
    expect(
      (await supplier.post(RECORD_PATHS.records('supplier'), { values: { name: 'New' } })).statusCode,
    ).toBe(403);
    // The picker is open to whoever fills a form, within the visibility rule: a type without places
    // shows its records, one by region only those of the person's places (none here).
    expect((await supplier.get(`${RECORD_PATHS.search('supplier')}?q=acme`)).json().results).toEqual([
      { id: record.id, title: 'Acme Ltd' },
    ]);
    expect((await supplier.get(RECORD_PATHS.search('site'))).json().results).toEqual([]);
  });
});
