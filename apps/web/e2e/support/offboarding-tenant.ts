import { PERMISSION_CODENAMES } from '@attest/shared';
import { afterAll, inject } from 'vitest';
import { createDb } from '../../../server/src/db/database.js';
import { DEMO_PASSWORD } from './browser.js';
import { createE2eTenant } from './tenants.js';

// The vendor offboarding journey's tenant (studio-vendor-offboarding.e2e.ts): two designers and an
// analyst of its own, so its app list starts empty; and the axe check its pages pass.

const DESIGNERS = 'Designers';
export const people = {
  first: { email: 'dana@offboarding.test', first_name: 'Dana', last_name: 'Designer' },
  second: { email: 'dev@offboarding.test', first_name: 'Dev', last_name: 'Designer' },
  analyst: { email: 'ana@offboarding.test', first_name: 'Ana', last_name: 'Analyst' },
} as const;

const adminDb = createDb({ connectionString: inject('e2eAdminUrl'), max: 1, onPoolError: () => {} });
afterAll(() => adminDb.destroy());

// Fixture, not journey: the analyst may create workflows in Europe (full access to the region), as
// the demo seed grants its analysts. Written straight into the database like the tenant itself;
// granting it in the administration's user access editor is that screen's journey, not this one's.
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

export async function createOffboardingTenant(): Promise<string> {
  const created = await createE2eTenant({
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    groups: [
      { name: DESIGNERS, permissions: PERMISSION_CODENAMES },
      {
        name: 'Analysts',
        permissions: [
          'can_view_dashboard',
          'can_view_tasks',
          'can_submit_step',
          'can_view_process_report',
          'can_view_workflow_profile',
          'can_view_workflow_status',
          'can_view_progress_map',
          'can_view_activity_log',
        ],
      },
    ],
    users: [
      { ...people.first, password: DEMO_PASSWORD, groups: [DESIGNERS] },
      { ...people.second, password: DEMO_PASSWORD, groups: [DESIGNERS] },
      { ...people.analyst, password: DEMO_PASSWORD, groups: ['Analysts'] },
    ],
  });
  await grantEurope(created, people.analyst.email);
  return created;
}
