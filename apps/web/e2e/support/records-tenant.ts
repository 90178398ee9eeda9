import { PERMISSION_CODENAMES } from '@attest/shared';
import { afterAll, inject } from 'vitest';
import { createDb } from '../../../server/src/db/database.js';
import { DEMO_PASSWORD } from './browser.js';
import { createE2eTenant } from './tenants.js';

// The records journey's tenant (records-supplier.e2e.ts): a designer who also administers it, and a
// colleague who reads Arabic, both with every permission; no app, object type or record yet.

const ADMINISTRATORS = 'Administrators';
export const recordsPeople = {
  designer: { email: 'rita@records.test', first_name: 'Rita', last_name: 'Records' },
  arabic: { email: 'amal@records.test', first_name: 'Amal', last_name: 'Haddad' },
} as const;

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// Fixture, not journey: the designer may create workflows in Europe (full access to the region),
// as offboarding-tenant.ts grants its analyst.
async function grantEurope(tenantSlug: string, email: string): Promise<void> {
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
    .where('name', '=', 'Europe')
    .executeTakeFirstOrThrow();
  await adminDb
    .insertInto('user_region_access')
    .values({ tenant_id: tenant.id, user_id: user.id, region_id: region.id, access: 'full' })
    .execute();
}

export async function createRecordsTenant(): Promise<string> {
  const slug = await createE2eTenant({
    configuration: { supported_languages: ['en', 'ar'] },
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    groups: [{ name: ADMINISTRATORS, permissions: PERMISSION_CODENAMES }],
    users: [
      { ...recordsPeople.designer, password: DEMO_PASSWORD, groups: [ADMINISTRATORS] },
      {
        ...recordsPeople.arabic,
        password: DEMO_PASSWORD,
        groups: [ADMINISTRATORS],
        prefered_language: 'ar',
      },
    ],
  });
  await grantEurope(slug, recordsPeople.designer.email);
  await grantEurope(slug, recordsPeople.arabic.email);
  return slug;
}
