import type { AccessLevel } from '../../db/schema.js';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export const userAccessRepository = {
  // Row-level security hides other tenants' rows, so their ids come back as missing; archived places
  // take no new grant (issue 19), so they come back as missing too.
  async existingRegionIds(tx: Tx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .selectFrom('regions')
      .select('id')
      .where('id', 'in', ids)
      .where('archived_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  async existingBusinessUnitIds(tx: Tx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .selectFrom('business_units')
      .select('id')
      .where('id', 'in', ids)
      .where('archived_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  async replace(
    tx: Tx,
    tenantId: string,
    userId: string,
    access: {
      regions: { id: string; access: AccessLevel }[];
      businessUnits: { id: string; access: AccessLevel }[];
    },
  ): Promise<void> {
    authChangedIn(tx);
    await tx.deleteFrom('user_region_access').where('user_id', '=', userId).execute();
    await tx.deleteFrom('user_business_unit_access').where('user_id', '=', userId).execute();
    if (access.regions.length > 0) {
      await tx
        .insertInto('user_region_access')
        .values(
          access.regions.map((r) => ({
            tenant_id: tenantId,
            user_id: userId,
            region_id: r.id,
            access: r.access,
          })),
        )
        .execute();
    }
    if (access.businessUnits.length > 0) {
      await tx
        .insertInto('user_business_unit_access')
        .values(
          access.businessUnits.map((b) => ({
            tenant_id: tenantId,
            user_id: userId,
            business_unit_id: b.id,
            access: b.access,
          })),
        )
        .execute();
    }
  },
};
