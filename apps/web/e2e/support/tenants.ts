import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { createDb } from '../../../server/src/db/database.js';
import { createTenant, type TenantSeed } from '../../../server/src/db/seed/create-tenant.js';

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// A tenant of the test's own, written straight into the product's database, so a journey can
// change its configuration without touching the demo tenants other journeys use.
export async function createE2eTenant(seed: Omit<TenantSeed, 'slug' | 'name'>): Promise<string> {
  const slug = `e2e-${randomUUID().slice(0, 8)}`;
  await createTenant(adminDb, { slug, name: `E2E ${slug}`, ...seed });
  return slug;
}

// Fixture, not journey: full access to one of the tenant's regions for one of its people (the demo
// seed grants its analysts the same), written straight into the database like the tenant itself;
// granting it in the administration's user access editor is that screen's journey.
export async function grantFullRegion(tenantSlug: string, email: string, regionName: string): Promise<void> {
  const tenant = await adminDb
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', tenantSlug)
    .executeTakeFirstOrThrow();
  const user = await adminDb
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const region = await adminDb
    .selectFrom('regions')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('name', '=', regionName)
    .executeTakeFirstOrThrow();
  await adminDb
    .insertInto('user_region_access')
    .values({ tenant_id: tenant.id, user_id: user.id, region_id: region.id, access: 'full' })
    .execute();
}
