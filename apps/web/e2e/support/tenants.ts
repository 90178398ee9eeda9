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
