import { CreatableKindsPageSchema, WORKFLOW_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import type { AccessLevel } from '../../db/schema.js';
import { createTestApp } from '../../test/test-app.js';
import { grantRegion, type WorkflowTestTenant, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function grantUnit(db: Db, tenantId: string, user: number, unitId: number, access: AccessLevel) {
  await db
    .insertInto('user_business_unit_access')
    .values({ tenant_id: tenantId, user_id: String(user), business_unit_id: String(unitId), access })
    .execute();
}

async function creatable(client: Awaited<ReturnType<WorkflowTestTenant['signedIn']>>) {
  const response = await client.get(`${WORKFLOW_PATHS.creatableKinds}?limit=200`);
  expect(response.statusCode).toBe(200);
  return CreatableKindsPageSchema.parse(response.json());
}

describe('GET workflow-kinds/creatable/', () => {
  it('offers a supplier without region access nothing, and the create endpoint still refuses them', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const supplier = await t.signedIn('supplier');
    expect(await creatable(supplier)).toMatchObject({ count: 0, results: [], next: null });
    const refused = await supplier.post(WORKFLOW_PATHS.workflows, {
      kind_id: t.kinds.vendor,
      name: 'Not allowed',
      region_id: t.ids.region('Europe'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'no_place_access' });
  });

  it("offers every kind only in the regions the user has full access to, with all of the region's units", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const page = await creatable(member);
    expect(page.results.map((k) => k.name)).toEqual(['Sub-check', 'Vendor Check']);
    for (const kind of page.results) {
      expect(kind.regions).toEqual([
        {
          id: t.ids.region('Europe'),
          name: 'Europe',
          without_business_unit: true,
          business_units: [
            { id: t.ids.unit('Berlin'), name: 'Berlin' },
            { id: t.ids.unit('Paris'), name: 'Paris' },
          ],
        },
      ]);
    }
    // Asia is not offered, and creating there is refused.
    const asia = await member.post(WORKFLOW_PATHS.workflows, {
      kind_id: t.kinds.vendor,
      name: 'Outside my regions',
      region_id: t.ids.region('Asia'),
      business_unit_id: t.ids.unit('Tokyo'),
    });
    expect(asia.statusCode).toBe(403);
  });

  it('offers a business unit granted alone, never its region without it, and ignores read access', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grantUnit(adminDb, t.id, t.users.supplier, t.ids.unit('Tokyo'), 'full');
    await grantUnit(adminDb, t.id, t.users.member, t.ids.unit('Tokyo'), 'read');
    await grantRegion(adminDb, t.id, t.users.supplier, t.ids.region('Europe'), 'read');
    const supplier = await t.signedIn('supplier');
    const [kind] = (await creatable(supplier)).results;
    expect(kind?.regions).toEqual([
      {
        id: t.ids.region('Asia'),
        name: 'Asia',
        without_business_unit: false,
        business_units: [{ id: t.ids.unit('Tokyo'), name: 'Tokyo' }],
      },
    ]);
    const member = await t.signedIn('member');
    expect((await creatable(member)).results[0]?.regions.map((r) => r.name)).toEqual(['Europe']);
    const base = { kind_id: t.kinds.vendor, name: 'Tokyo vendor', region_id: t.ids.region('Asia') };
    expect((await supplier.post(WORKFLOW_PATHS.workflows, base)).statusCode).toBe(403);
    const inTokyo = await supplier.post(WORKFLOW_PATHS.workflows, {
      ...base,
      business_unit_id: t.ids.unit('Tokyo'),
    });
    expect(inTokyo.statusCode).toBe(201);
  });

  it('offers only places the create endpoint accepts', async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grantUnit(adminDb, t.id, t.users.member, t.ids.unit('Tokyo'), 'full');
    const member = await t.signedIn('member');
    const [kind] = (await creatable(member)).results;
    if (!kind) throw new Error('no creatable kind');
    const places = kind.regions.flatMap((r) => [
      ...(r.without_business_unit ? [{ region_id: r.id, business_unit_id: null }] : []),
      ...r.business_units.map((u) => ({ region_id: r.id, business_unit_id: u.id })),
    ]);
    expect(places).toHaveLength(4);
    for (const place of places) {
      const created = await member.post(WORKFLOW_PATHS.workflows, {
        kind_id: kind.id,
        name: 'Offered',
        ...place,
      });
      expect(created.statusCode).toBe(201);
    }
  });

  it("never offers another tenant's kinds or regions", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const other = await workflowTestTenant(app, adminDb);
    const page = await creatable(await t.signedIn('member'));
    const kindIds = page.results.map((k) => k.id);
    expect(kindIds).toEqual(expect.arrayContaining([t.kinds.sub, t.kinds.vendor]));
    expect(kindIds).not.toContain(other.kinds.vendor);
    expect(page.results[0]?.regions.map((r) => r.id)).toEqual([t.ids.region('Europe')]);
    // A grant row naming the other tenant's region cannot exist (row-level security and foreign
    // keys), so the other tenant's member sees their own Europe only.
    const theirs = await creatable(await other.signedIn('member'));
    expect(theirs.results[0]?.regions.map((r) => r.id)).toEqual([other.ids.region('Europe')]);
  });

  it('refuses anyone signed out', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    await client.get('/api/v1/users/logout/');
    expect((await client.get(WORKFLOW_PATHS.creatableKinds)).statusCode).toBe(401);
  });
});
