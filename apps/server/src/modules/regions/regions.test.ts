import { ADMIN_PATHS, BusinessUnitsPageSchema, RegionsPageSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { idsOf } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';

const { app, adminDb } = await createTestApp();

async function tenantWithRegions() {
  return createTestTenant(adminDb, {
    regions: [
      { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
      { name: 'Asia', businessUnits: ['Tokyo'] },
      { name: 'Americas', businessUnits: [] },
    ],
  });
}

describe('GET regions/ and business-units/', () => {
  it('pages the regions for any signed-in user', async () => {
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
    await client.signIn(`supplier@${tenant.slug}.test`);
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
});
