import {
  ADMIN_PATHS,
  ManagedBusinessUnitsPageSchema,
  ManagedRegionsPageSchema,
  PLACE_MESSAGES,
  PLACES_PATHS,
  PlaceViewersPageSchema,
  RegionsPageSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { createVendorCheck, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

// Europe (Paris, Berlin) holds a vendor check in Paris; admin and member have full access to Europe.
// Asia (Tokyo) holds nothing and no one has access to it. The admin also administers.
async function placesTenant() {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_access_admin_settings']);
  const admin = await t.signedIn('admin');
  const workflowId = await createVendorCheck(t, admin);
  return { ...t, admin, workflowId };
}

const patch = (client: TestClient, url: string, payload: object) =>
  client.request({ method: 'PATCH', url, payload });

async function auditActions(tenantId: string) {
  const rows = await adminDb
    .selectFrom('audit_events')
    .select(['action', 'details'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('action', 'like', 'region.%'), eb('action', 'like', 'business_unit.%')]))
    .orderBy('id')
    .execute();
  return rows;
}

describe('Settings > Access: regions and business units', () => {
  it('creates, renames, archives and restores a region and its units, auditing each change', async () => {
    const t = await placesTenant();
    const created = await t.admin.post(PLACES_PATHS.regions, { name: '  Africa ' });
    expect(created.statusCode).toBe(201);
    const africa = created.json();
    expect(africa).toMatchObject({
      name: 'Africa',
      archived_at: null,
      business_unit_count: 0,
      viewer_count: 0,
    });

    const unit = await t.admin.post(PLACES_PATHS.regionUnits(africa.id), { name: 'Lagos' });
    expect(unit.statusCode).toBe(201);
    expect(unit.json()).toMatchObject({ name: 'Lagos', region_id: africa.id, archived_at: null });
    const renamed = await patch(t.admin, PLACES_PATHS.region(africa.id), { name: 'Sub-Saharan Africa' });
    expect(renamed.json()).toMatchObject({ id: africa.id, name: 'Sub-Saharan Africa' });
    const unitRenamed = await patch(t.admin, PLACES_PATHS.businessUnit(unit.json().id), { name: 'Abuja' });
    expect(unitRenamed.json()).toMatchObject({ name: 'Abuja' });

    // The region's active unit keeps it from being archived; archiving the unit first frees it.
    const refused = await t.admin.post(PLACES_PATHS.regionArchive(africa.id), {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'place_in_use',
      detail: 'This region is in use and cannot be archived: 1 active business unit.',
      usage: { workflows: 0, records: 0, grants: 0, business_units: 1 },
    });
    expect((await t.admin.post(PLACES_PATHS.businessUnitArchive(unit.json().id), {})).statusCode).toBe(200);
    const archived = await t.admin.post(PLACES_PATHS.regionArchive(africa.id), {});
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).toEqual(expect.any(String));

    // Lists page on the server, by status.
    const active = ManagedRegionsPageSchema.parse(
      (await t.admin.get(`${PLACES_PATHS.regions}?limit=1`)).json(),
    );
    expect(active.count).toBe(2);
    expect(active.results.map((r) => r.name)).toEqual(['Asia']);
    expect(active.next).toBe(`${PLACES_PATHS.regions}?limit=1&offset=1`);
    const gone = ManagedRegionsPageSchema.parse(
      (await t.admin.get(`${PLACES_PATHS.regions}?status=archived`)).json(),
    );
    expect(gone.results.map((r) => r.name)).toEqual(['Sub-Saharan Africa']);

    // A unit of an archived region waits for the region; the region comes back first.
    const early = await t.admin.post(PLACES_PATHS.businessUnitRestore(unit.json().id), {});
    expect(early.json()).toEqual({ code: 'place_archived', detail: PLACE_MESSAGES.regionOfUnitArchived });
    expect((await t.admin.post(PLACES_PATHS.regionRestore(africa.id), {})).json()).toMatchObject({
      archived_at: null,
    });
    expect((await t.admin.post(PLACES_PATHS.businessUnitRestore(unit.json().id), {})).statusCode).toBe(200);

    expect((await auditActions(t.id)).map((row) => row.action)).toEqual([
      'region.created',
      'business_unit.created',
      'region.renamed',
      'business_unit.renamed',
      'business_unit.archived',
      'region.archived',
      'region.restored',
      'business_unit.restored',
    ]);
    expect((await auditActions(t.id))[2]?.details).toEqual({
      region_id: africa.id,
      from: 'Africa',
      to: 'Sub-Saharan Africa',
    });
  });

  it('refuses to archive a place in use, saying why and how much, and accepts once it is not', async () => {
    const t = await placesTenant();
    const europe = await t.admin.post(PLACES_PATHS.regionArchive(t.ids.region('Europe')), {});
    expect(europe.statusCode).toBe(400);
    expect(europe.json()).toMatchObject({
      code: 'place_in_use',
      detail:
        'This region is in use and cannot be archived: 1 open workflow, 2 access grants, 2 active business units.',
      usage: { workflows: 1, records: 0, grants: 2, business_units: 2 },
    });
    const paris = await t.admin.post(PLACES_PATHS.businessUnitArchive(t.ids.unit('Paris')), {});
    expect(paris.json()).toMatchObject({
      detail: 'This business unit is in use and cannot be archived: 1 open workflow.',
      usage: { workflows: 1, grants: 0 },
    });

    // An archived workflow no longer holds its place, and keeps showing the place's name.
    await adminDb
      .updateTable('workflows')
      .set({ archived_at: new Date() })
      .where('id', '=', String(t.workflowId))
      .execute();
    expect((await t.admin.post(PLACES_PATHS.businessUnitArchive(t.ids.unit('Paris')), {})).statusCode).toBe(
      200,
    );
    const detail = await t.admin.get(WORKFLOW_PATHS.workflow(t.workflowId));
    expect(detail.json()).toMatchObject({ region: { name: 'Europe' }, business_unit: { name: 'Paris' } });

    // Nothing was written by the refusals.
    const europeRow = await adminDb
      .selectFrom('regions')
      .select('archived_at')
      .where('id', '=', String(t.ids.region('Europe')))
      .executeTakeFirstOrThrow();
    expect(europeRow.archived_at).toBeNull();
    expect((await auditActions(t.id)).map((row) => row.action)).toEqual(['business_unit.archived']);

    // Asia holds nothing: Tokyo, then Asia, archive at once.
    expect((await t.admin.post(PLACES_PATHS.businessUnitArchive(t.ids.unit('Tokyo')), {})).statusCode).toBe(
      200,
    );
    expect((await t.admin.post(PLACES_PATHS.regionArchive(t.ids.region('Asia')), {})).statusCode).toBe(200);
  });

  it('refuses duplicate names regardless of case (per region for units) and names out of bounds', async () => {
    const t = await placesTenant();
    const duplicate = await t.admin.post(PLACES_PATHS.regions, { name: 'EUROPE' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      code: 'place_name_taken',
      detail: PLACE_MESSAGES.regionNameTaken,
      errors: { name: [PLACE_MESSAGES.regionNameTaken] },
    });
    const rename = await patch(t.admin, PLACES_PATHS.region(t.ids.region('Asia')), { name: 'europe' });
    expect(rename.json()).toMatchObject({ code: 'place_name_taken' });
    const unit = await t.admin.post(PLACES_PATHS.regionUnits(t.ids.region('Europe')), { name: 'paris' });
    expect(unit.json()).toMatchObject({
      code: 'place_name_taken',
      detail: PLACE_MESSAGES.businessUnitNameTaken,
    });
    // The same unit name in another region is another unit.
    expect(
      (await t.admin.post(PLACES_PATHS.regionUnits(t.ids.region('Asia')), { name: 'Paris' })).statusCode,
    ).toBe(201);
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const bad = await t.admin.post(PLACES_PATHS.regions, { name });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('name');
    }
    expect((await t.admin.post(PLACES_PATHS.regions, { name: 'Oceania', extra: 1 })).statusCode).toBe(400);
    expect(await auditActions(t.id)).toHaveLength(1);
  });

  it("answers 404 for another tenant's places and 403 to anyone who may not administer", async () => {
    const t = await placesTenant();
    const other = await placesTenant();
    const foreignRegion = other.ids.region('Asia');
    const foreignUnit = other.ids.unit('Tokyo');
    const calls = [
      () => patch(t.admin, PLACES_PATHS.region(foreignRegion), { name: 'Mine' }),
      () => t.admin.post(PLACES_PATHS.regionArchive(foreignRegion), {}),
      () => t.admin.post(PLACES_PATHS.regionRestore(foreignRegion), {}),
      () => t.admin.get(PLACES_PATHS.regionUnits(foreignRegion)),
      () => t.admin.post(PLACES_PATHS.regionUnits(foreignRegion), { name: 'Mine' }),
      () => t.admin.get(PLACES_PATHS.regionViewers(foreignRegion)),
      () => patch(t.admin, PLACES_PATHS.businessUnit(foreignUnit), { name: 'Mine' }),
      () => t.admin.post(PLACES_PATHS.businessUnitArchive(foreignUnit), {}),
      () => t.admin.post(PLACES_PATHS.businessUnitRestore(foreignUnit), {}),
      () => t.admin.get(PLACES_PATHS.businessUnitViewers(foreignUnit)),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    const list = ManagedRegionsPageSchema.parse((await t.admin.get(PLACES_PATHS.regions)).json());
    expect(list.results.map((r) => r.id)).not.toContain(foreignRegion);
    const untouched = await adminDb
      .selectFrom('regions')
      .select('name')
      .where('id', '=', String(foreignRegion))
      .executeTakeFirstOrThrow();
    expect(untouched.name).toBe('Asia');

    const member = await t.signedIn('member');
    expect((await member.get(PLACES_PATHS.regions)).statusCode).toBe(403);
    expect((await member.post(PLACES_PATHS.regions, { name: 'Oceania' })).statusCode).toBe(403);
    expect((await member.post(PLACES_PATHS.regionArchive(t.ids.region('Asia')), {})).statusCode).toBe(403);
    expect((await member.get(PLACES_PATHS.regionViewers(t.ids.region('Europe')))).statusCode).toBe(403);
  });

  it('lists who sees a place, through a grant on it or on its region or units', async () => {
    const t = await placesTenant();
    await adminDb
      .insertInto('user_business_unit_access')
      .values({
        tenant_id: t.id,
        user_id: String(t.users.supplier),
        business_unit_id: String(t.ids.unit('Berlin')),
        access: 'read',
      })
      .execute();
    const europe = PlaceViewersPageSchema.parse(
      (await t.admin.get(PLACES_PATHS.regionViewers(t.ids.region('Europe')))).json(),
    );
    expect(europe.results.map((v) => [v.email, v.access, v.via, v.via_name])).toEqual([
      [t.email('admin'), 'full', 'region', 'Europe'],
      [t.email('member'), 'full', 'region', 'Europe'],
      [t.email('supplier'), 'read', 'business_unit', 'Berlin'],
    ]);
    const paris = PlaceViewersPageSchema.parse(
      (await t.admin.get(`${PLACES_PATHS.businessUnitViewers(t.ids.unit('Paris'))}?limit=1`)).json(),
    );
    expect(paris).toMatchObject({
      count: 2,
      next: `${PLACES_PATHS.businessUnitViewers(t.ids.unit('Paris'))}?limit=1&offset=1`,
    });
    const units = ManagedBusinessUnitsPageSchema.parse(
      (await t.admin.get(PLACES_PATHS.regionUnits(t.ids.region('Europe')))).json(),
    );
    expect(units.results.map((u) => [u.name, u.viewer_count])).toEqual([
      ['Berlin', 3],
      ['Paris', 2],
    ]);
  });

  it('offers an archived place for no new choice: filters, grants and new workflows', async () => {
    const t = await placesTenant();
    expect((await t.admin.post(PLACES_PATHS.businessUnitArchive(t.ids.unit('Tokyo')), {})).statusCode).toBe(
      200,
    );
    expect((await t.admin.post(PLACES_PATHS.regionArchive(t.ids.region('Asia')), {})).statusCode).toBe(200);
    const all = RegionsPageSchema.parse((await t.admin.get(ADMIN_PATHS.allRegions)).json());
    expect(all.results.map((r) => r.name)).toEqual(['Europe']);
    const units = await t.admin.get(ADMIN_PATHS.allBusinessUnits);
    expect(units.json().results.map((u: { name: string }) => u.name)).toEqual(['Berlin', 'Paris']);
    const grantArchived = await t.admin.request({
      method: 'PUT',
      url: ADMIN_PATHS.userAccess(t.users.member),
      payload: { regions: [{ region_id: t.ids.region('Asia'), access: 'read' }], business_units: [] },
    });
    expect(grantArchived.statusCode).toBe(400);

    // Even someone whose grant reaches the region cannot create in an archived unit of it.
    expect(
      (await t.admin.post(PLACES_PATHS.regionUnits(t.ids.region('Europe')), { name: 'Rome' })).statusCode,
    ).toBe(201);
    const rome = (await t.admin.get(`${PLACES_PATHS.regionUnits(t.ids.region('Europe'))}?q=rom`)).json()
      .results[0];
    expect((await t.admin.post(PLACES_PATHS.businessUnitArchive(rome.id), {})).statusCode).toBe(200);
    const created = await t.admin.post(WORKFLOW_PATHS.workflows, {
      kind_id: t.kinds.vendor,
      name: 'In Rome',
      region_id: t.ids.region('Europe'),
      business_unit_id: rome.id,
    });
    expect(created.statusCode).toBe(400);
  });

  it("shows the analyst a new region in the dashboard's region filter once granted", async () => {
    const t = await placesTenant();
    const member = await t.signedIn('member');
    const created = (await t.admin.post(PLACES_PATHS.regions, { name: 'Antarctica' })).json();
    const before = RegionsPageSchema.parse((await member.get(ADMIN_PATHS.regions)).json());
    expect(before.results.map((r) => r.name)).toEqual(['Europe']);
    const current = (await t.admin.get(ADMIN_PATHS.userAccess(t.users.member))).json();
    const granted = await t.admin.request({
      method: 'PUT',
      url: ADMIN_PATHS.userAccess(t.users.member),
      payload: { ...current, regions: [...current.regions, { region_id: created.id, access: 'read' }] },
    });
    expect(granted.statusCode).toBe(200);
    const after = RegionsPageSchema.parse((await member.get(ADMIN_PATHS.regions)).json());
    expect(after.results.map((r) => r.name)).toEqual(['Antarctica', 'Europe']);
    const viewers = PlaceViewersPageSchema.parse(
      (await t.admin.get(PLACES_PATHS.regionViewers(created.id))).json(),
    );
    expect(viewers.results.map((v) => v.email)).toEqual([t.email('member')]);
  });
});
