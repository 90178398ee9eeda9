import type { PermissionCodename } from '@attest/shared';
import type { Db } from '../db/database.js';
import { createTestTenant } from './test-app.js';

// A test tenant whose admin may administer and impersonate, with two regions of business units.
export async function createAdminTestTenant(adminDb: Db) {
  const tenant = await createTestTenant(adminDb, {
    regions: [
      { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
      { name: 'Asia', businessUnits: ['Tokyo'] },
    ],
  });
  const admin = `admin@${tenant.slug}.test`;
  await grant(adminDb, tenant.id, userId(tenant, admin), [
    'can_access_admin_settings',
    'can_impersonate_users',
  ]);
  return { ...tenant, admin, member: `member@${tenant.slug}.test`, supplier: `supplier@${tenant.slug}.test` };
}

export function userId(tenant: { userIds: Record<string, string> }, email: string): number {
  const id = tenant.userIds[email];
  if (!id) throw new Error(`No test user ${email}`);
  return Number(id);
}

export async function grant(
  adminDb: Db,
  tenantId: string,
  user: number,
  codenames: PermissionCodename[],
): Promise<void> {
  await adminDb
    .insertInto('user_permissions')
    .values(codenames.map((codename) => ({ tenant_id: tenantId, user_id: String(user), codename })))
    .execute();
}

export async function idsOf(adminDb: Db, tenantId: string) {
  const regions = await adminDb
    .selectFrom('regions')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const units = await adminDb
    .selectFrom('business_units')
    .select(['id', 'name', 'region_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const byName = <T extends { id: string; name: string }>(rows: T[], name: string) =>
    Number(rows.find((r) => r.name === name)?.id);
  return {
    region: (name: string) => byName(regions, name),
    unit: (name: string) => byName(units, name),
  };
}
