import { ADMIN_PATHS, BusinessUnitsPageSchema, RegionsPageSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { grant, idsOf, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';
import { grantRegion } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function grantUnit(db: Db, tenantId: string, user: number, unitId: number) {
  await db
    .insertInto('user_business_unit_access')
    .values({ tenant_id: tenantId, user_id: String(user), business_unit_id: String(unitId), access: 'read' })
    .execute();
}

// The member may see every region (a grant on each); the supplier none; the admin administers.
async function tenantWithRegions() {
  const tenant = await createTestTenant(adminDb, {
    regions: [
      { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
      { name: 'Asia', businessUnits: ['Tokyo'] },
      { name: 'Americas', businessUnits: [] },
    ],
  });
  const ids = await idsOf(adminDb, tenant.id);
  const member = userId(tenant, `member@${tenant.slug}.test`);
  for (const region of ['Europe', 'Asia', 'Americas']) {
    await grantRegion(adminDb, tenant.id, member, ids.region(region), 'read');
  }
  await grant(adminDb, tenant.id, userId(tenant, `admin@${tenant.slug}.test`), ['can_access_admin_settings']);
  return { ...tenant, ids };
}

describe('GET regions/ and business-units/', () => {
  it('pages the regions the user may see', async () => {
    const tenant = await tenantWithRegions();
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    const page = RegionsPageSchema.parse(
      (await member.get(`${ADMIN_PATHS.regions}?limit=2&offset=0`)).json(),
    );
    expect(page.results.map((r) => r.name)).toEqual(['Americas', 'Asia']);
    expect(page.count).toBe(3);
    expect(page.next).toBe(`${ADMIN_PATHS.regions}?limit=2&offset=2`);
    const rest = RegionsPageSchema.parse((await member.get(page.next ?? '')).json());
    expect(rest.results.map((r) => r.name)).toEqual(['Europe']);
    expect(rest.next).toBeNull();
  });

  it('filters business units by region__in, keeping the filter in the paging links', async () => {
    const tenant = await tenantWithRegions();
    const ids = await idsOf(adminDb, tenant.id);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const all = BusinessUnitsPageSchema.parse((await client.get(ADMIN_PATHS.businessUnits)).json());
    expect(all.results.map((b) => b.name)).toEqual(['Berlin', 'Paris', 'Tokyo']);

    const europe = ids.region('Europe');
    const url = `${ADMIN_PATHS.businessUnits}?limit=1&region__in=${europe},${ids.region('Americas')}`;
    const page = BusinessUnitsPageSchema.parse((await client.get(url)).json());
    expect(page.count).toBe(2);
    expect(page.results).toEqual([{ id: ids.unit('Berlin'), name: 'Berlin', region_id: europe }]);
    expect(page.next).toBe(
      `${ADMIN_PATHS.businessUnits}?limit=1&region__in=${europe}%2C${ids.region('Americas')}&offset=1`,
    );
  });

  it('refuses a malformed region__in and anyone signed out', async () => {
    const tenant = await tenantWithRegions();
    const client = TestClient.forTenant(app, tenant.slug);
    expect((await client.get(ADMIN_PATHS.regions)).statusCode).toBe(401);
    await client.signIn(`member@${tenant.slug}.test`);
    const bad = await client.get(`${ADMIN_PATHS.businessUnits}?region__in=1;drop`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('region__in');
  });

  it("never lists another tenant's regions or business units", async () => {
    const tenant = await tenantWithRegions();
    const other = await tenantWithRegions();
    const foreign = await idsOf(adminDb, other.id);
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`member@${tenant.slug}.test`);
    const regions = RegionsPageSchema.parse((await client.get(ADMIN_PATHS.regions)).json());
    expect(regions.results.map((r) => r.id)).not.toContain(foreign.region('Europe'));
    const units = await client.get(`${ADMIN_PATHS.businessUnits}?region__in=${foreign.region('Europe')}`);
    expect(units.json()).toMatchObject({ count: 0, results: [] });
  });

  it('lists only the regions and business units the user may see', async () => {
    const tenant = await tenantWithRegions();
    const { ids } = tenant;
    const person = userId(tenant, `admin@${tenant.slug}.test`);
    // Full access to Europe, and read access to Tokyo alone: Asia is seen through its unit.
    await grantRegion(adminDb, tenant.id, person, ids.region('Europe'), 'full');
    await grantUnit(adminDb, tenant.id, person, ids.unit('Tokyo'));
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(`admin@${tenant.slug}.test`);
    const regions = RegionsPageSchema.parse((await client.get(ADMIN_PATHS.regions)).json());
    expect(regions.results.map((r) => r.name)).toEqual(['Asia', 'Europe']);
    expect(regions.count).toBe(2);
    const units = BusinessUnitsPageSchema.parse((await client.get(ADMIN_PATHS.businessUnits)).json());
    expect(units.results.map((b) => b.name)).toEqual(['Berlin', 'Paris', 'Tokyo']);
    const americas = await client.get(`${ADMIN_PATHS.businessUnits}?region__in=${ids.region('Americas')}`);
    expect(americas.json()).toMatchObject({ count: 0, results: [] });

    const supplier = TestClient.forTenant(app, tenant.slug);
    await supplier.signIn(`supplier@${tenant.slug}.test`);
    expect((await supplier.get(ADMIN_PATHS.regions)).json()).toMatchObject({ count: 0, results: [] });
    expect((await supplier.get(ADMIN_PATHS.businessUnits)).json()).toMatchObject({ count: 0, results: [] });
  });

  it("lists all of the tenant's places to administrators granting access, and to no one else", async () => {
    const tenant = await tenantWithRegions();
    const other = await tenantWithRegions();
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(`admin@${tenant.slug}.test`);
    // The admin has no grant of their own: their filters offer nothing, the admin lists everything.
    expect((await admin.get(ADMIN_PATHS.regions)).json()).toMatchObject({ count: 0 });
    const regions = RegionsPageSchema.parse((await admin.get(ADMIN_PATHS.allRegions)).json());
    expect(regions.results.map((r) => r.id)).toEqual([
      tenant.ids.region('Americas'),
      tenant.ids.region('Asia'),
      tenant.ids.region('Europe'),
    ]);
    const units = BusinessUnitsPageSchema.parse((await admin.get(ADMIN_PATHS.allBusinessUnits)).json());
    expect(units.results.map((b) => b.id)).toEqual([
      tenant.ids.unit('Berlin'),
      tenant.ids.unit('Paris'),
      tenant.ids.unit('Tokyo'),
    ]);
    expect(units.results.map((b) => b.id)).not.toContain(other.ids.unit('Paris'));
    const member = TestClient.forTenant(app, tenant.slug);
    await member.signIn(`member@${tenant.slug}.test`);
    expect((await member.get(ADMIN_PATHS.allRegions)).statusCode).toBe(403);
    expect((await member.get(ADMIN_PATHS.allBusinessUnits)).statusCode).toBe(403);
  });
});
