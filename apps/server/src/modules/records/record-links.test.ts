import { RECORD_MESSAGES, RECORD_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import {
  publishObjectTypeRow,
  type RecordsTestTenant,
  recordsTestTenant,
  supplierType,
} from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

// A contract links to one supplier, to many sites (by region), and lists onboarding workflows.
async function contractTenant() {
  const t = await recordsTestTenant(app, adminDb);
  await publishObjectTypeRow(
    adminDb,
    t.id,
    supplierType({
      tag: 'contract',
      name: 'Contract',
      unique_keys: [],
      relations: [
        { tag: 'supplier', label: 'Supplier', target: { object_type_tag: 'supplier' }, many: false },
        { tag: 'sites', label: 'Sites', target: { object_type_tag: 'site' }, many: true },
        { tag: 'onboardings', label: 'Onboardings', target: { kind_tag: 'onboarding' }, many: true },
      ],
    }),
  );
  return t;
}

async function created(client: TestClient, tag: string, name: string, extra: object = {}) {
  const response = await client.post(RECORD_PATHS.records(tag), { values: { name }, ...extra });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return (response.json() as { id: number }).id;
}

const site = (t: RecordsTestTenant, client: TestClient, name: string, region: 'Europe' | 'Asia') =>
  created(client, 'site', name, {
    region_id: t.ids.region(region),
    business_unit_id: t.ids.unit(region === 'Asia' ? 'Tokyo' : 'Paris'),
  });

const link = (client: TestClient, contract: number, relation_tag: string, record_id: number) =>
  client.post(RECORD_PATHS.links('contract', contract), { relation_tag, record_id });

const unlink = (client: TestClient, tag: string, id: number, linkId: number) =>
  client.request({ method: 'DELETE', url: RECORD_PATHS.link(tag, id, linkId) });

async function linkRows(tenantId: string) {
  const count = async (table: 'record_links' | 'record_activity') =>
    Number(
      (
        await adminDb
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { links: await count('record_links'), activity: await count('record_activity') };
}

const activity = (recordId: number) =>
  adminDb
    .selectFrom('record_activity')
    .select(['action', 'changes'])
    .where('record_id', '=', String(recordId))
    .where('action', 'in', ['linked', 'unlinked'])
    .orderBy('id')
    .execute();

describe('record links', () => {
  it('links a record, lists it from both sides with the relation label, and unlinks it from either', async () => {
    const t = await contractTenant();
    const admin = await t.signedIn('admin');
    const contract = await created(admin, 'contract', 'Master agreement');
    const supplier = await created(admin, 'supplier', 'Acme Ltd');

    const response = await link(admin, contract, 'supplier', supplier);
    expect(response.statusCode).toBe(201);
    const made = response.json();
    expect(made).toMatchObject({
      id: supplier,
      title: 'Acme Ltd',
      object_type: { tag: 'supplier', name: 'Supplier' },
      relation_tag: 'supplier',
      relation_label: 'Supplier',
      direction: 'outgoing',
      archived: false,
    });

    const fromContract = await admin.get(RECORD_PATHS.relatedRecords('contract', contract));
    expect(fromContract.statusCode).toBe(200);
    expect(fromContract.json()).toMatchObject({ count: 1, results: [made] });
    const fromSupplier = await admin.get(RECORD_PATHS.relatedRecords('supplier', supplier));
    expect(fromSupplier.json()).toMatchObject({
      count: 1,
      results: [
        {
          link_id: made.link_id,
          id: contract,
          title: 'Master agreement',
          object_type: { tag: 'contract', name: 'Contract' },
          relation_label: 'Supplier',
          direction: 'incoming',
        },
      ],
    });
    // One relation's records only.
    const sitesOnly = await admin.get(`${RECORD_PATHS.relatedRecords('contract', contract)}?relation=sites`);
    expect(sitesOnly.json()).toMatchObject({ count: 0, results: [] });
    expect(await activity(contract)).toEqual([
      {
        action: 'linked',
        changes: [{ field_tag: 'supplier', before: null, after: { id: supplier, name: 'Acme Ltd' } }],
      },
    ]);

    // Removed from the supplier's side: the activity stays on the contract, whose relation it was.
    expect((await unlink(admin, 'supplier', supplier, made.link_id)).statusCode).toBe(204);
    expect((await admin.get(RECORD_PATHS.relatedRecords('contract', contract))).json().count).toBe(0);
    expect((await admin.get(RECORD_PATHS.relatedRecords('supplier', supplier))).json().count).toBe(0);
    expect((await activity(contract)).map((row) => row.action)).toEqual(['linked', 'unlinked']);
    expect((await activity(contract))[1]?.changes).toEqual([
      { field_tag: 'supplier', before: { id: supplier, name: 'Acme Ltd' }, after: null },
    ]);
    expect((await unlink(admin, 'supplier', supplier, made.link_id)).statusCode).toBe(404);
  });

  it('refuses a bad link with its message and writes nothing', async () => {
    const t = await contractTenant();
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const contract = await created(admin, 'contract', 'Master agreement');
    const acme = await created(admin, 'supplier', 'Acme Ltd');
    const globex = await created(admin, 'supplier', 'Globex');
    const paris = await site(t, admin, 'Paris site', 'Europe');
    const tokyo = await site(t, admin, 'Tokyo site', 'Asia');
    expect((await link(admin, contract, 'supplier', acme)).statusCode).toBe(201);
    const before = await linkRows(t.id);

    const cases: [TestClient, string, number, string, string][] = [
      [admin, 'vendor', acme, 'unknown_relation', RECORD_MESSAGES.unknownRelation('contract', 'vendor')],
      [
        admin,
        'onboardings',
        acme,
        'relation_to_workflows',
        RECORD_MESSAGES.relationToWorkflows('Onboardings'),
      ],
      [admin, 'sites', acme, 'link_target_mismatch', RECORD_MESSAGES.linkTargetMismatch('Sites')],
      [admin, 'supplier', globex, 'relation_taken', RECORD_MESSAGES.relationTaken('Supplier')],
      [admin, 'supplier', acme, 'relation_taken', RECORD_MESSAGES.relationTaken('Supplier')],
      [admin, 'sites', contract, 'link_to_self', RECORD_MESSAGES.linkToSelf],
      [admin, 'sites', 999_999_999, 'link_target_not_found', RECORD_MESSAGES.linkTargetNotFound],
      // A record the member may not see answers as one that does not exist.
      [member, 'sites', tokyo, 'link_target_not_found', RECORD_MESSAGES.linkTargetNotFound],
    ];
    for (const [client, relation, target, code, detail] of cases) {
      const response = await link(client, contract, relation, target);
      expect(response.statusCode, `${relation} ${target}`).toBe(400);
      expect(response.json()).toMatchObject({ code, detail });
    }
    expect((await link(admin, contract, 'sites', paris)).statusCode).toBe(201);
    const again = await link(member, contract, 'sites', paris);
    expect(again.json()).toMatchObject({ code: 'link_exists', detail: RECORD_MESSAGES.linkExists });
    // An archived record is not offered and not linked.
    expect((await admin.post(RECORD_PATHS.archive('site', tokyo), {})).statusCode).toBe(200);
    const archived = await link(admin, contract, 'sites', tokyo);
    expect(archived.json()).toMatchObject({ code: 'link_target_archived' });

    const after = await linkRows(t.id);
    // Only the Paris link and its activity row, and the archive's row.
    expect(after).toEqual({ links: before.links + 1, activity: before.activity + 2 });
  });

  it("answers 404 for another tenant's record and link, and writes nothing there", async () => {
    const a = await contractTenant();
    const b = await contractTenant();
    const adminA = await a.signedIn('admin');
    const adminB = await b.signedIn('admin');
    const contract = await created(adminA, 'contract', 'Master agreement');
    const supplier = await created(adminA, 'supplier', 'Acme Ltd');
    const made = (await link(adminA, contract, 'supplier', supplier)).json();
    const ownSupplier = await created(adminB, 'supplier', 'Initech');
    const before = await linkRows(a.id);

    expect((await adminB.get(RECORD_PATHS.relatedRecords('contract', contract))).statusCode).toBe(404);
    expect((await link(adminB, contract, 'sites', ownSupplier)).statusCode).toBe(404);
    expect((await unlink(adminB, 'contract', contract, made.link_id)).statusCode).toBe(404);
    // Nor may B link its own record to A's.
    const ownContract = await created(adminB, 'contract', 'Mine');
    const cross = await link(adminB, ownContract, 'supplier', supplier);
    expect(cross.json()).toMatchObject({ code: 'link_target_not_found' });
    expect((await unlink(adminB, 'contract', ownContract, made.link_id)).statusCode).toBe(404);

    expect(await linkRows(a.id)).toEqual(before);
    expect((await adminA.get(RECORD_PATHS.relatedRecords('contract', contract))).json().count).toBe(1);
  });

  it('never shows a person a linked record outside their regions, nor lets them unlink it', async () => {
    const t = await contractTenant();
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');
    const contract = await created(admin, 'contract', 'Master agreement');
    const paris = await site(t, admin, 'Paris site', 'Europe');
    const tokyo = await site(t, admin, 'Tokyo site', 'Asia');
    expect((await link(admin, contract, 'sites', paris)).statusCode).toBe(201);
    const hidden = (await link(admin, contract, 'sites', tokyo)).json();

    expect((await admin.get(RECORD_PATHS.relatedRecords('contract', contract))).json().count).toBe(2);
    const seen = await member.get(RECORD_PATHS.relatedRecords('contract', contract));
    expect(seen.json().count).toBe(1);
    expect(seen.json().results.map((r: { id: number }) => r.id)).toEqual([paris]);
    expect((await member.get(RECORD_PATHS.relatedRecords('site', tokyo))).statusCode).toBe(404);
    expect((await member.get(RECORD_PATHS.relatedRecords('site', paris))).json().results).toMatchObject([
      { id: contract, direction: 'incoming', relation_label: 'Sites' },
    ]);
    expect((await unlink(member, 'contract', contract, hidden.link_id)).statusCode).toBe(404);
    expect((await admin.get(RECORD_PATHS.relatedRecords('contract', contract))).json().count).toBe(2);
  });

  it('refuses linking and unlinking without can_change_record (403), and writes nothing', async () => {
    const t = await contractTenant();
    const admin = await t.signedIn('admin');
    await grant(adminDb, t.id, userId(t, t.email('supplier')), ['can_view_records']);
    const viewer = await t.signedIn('supplier');
    const contract = await created(admin, 'contract', 'Master agreement');
    const acme = await created(admin, 'supplier', 'Acme Ltd');
    const made = (await link(admin, contract, 'supplier', acme)).json();
    const before = await linkRows(t.id);

    expect((await viewer.get(RECORD_PATHS.relatedRecords('contract', contract))).json().count).toBe(1);
    expect((await link(viewer, contract, 'sites', acme)).statusCode).toBe(403);
    expect((await unlink(viewer, 'contract', contract, made.link_id)).statusCode).toBe(403);
    expect(await linkRows(t.id)).toEqual(before);
  });
});
