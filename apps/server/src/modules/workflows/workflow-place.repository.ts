import type { Tx } from '../../platform/tenant-transaction.js';

// A workflow's place (region and business unit). Row-level security keeps it to the tenant.
export const workflowPlaceRepository = {
  async set(
    tx: Tx,
    workflowId: string,
    place: { regionId: string; businessUnitId: string | null },
    at: Date,
  ) {
    await tx
      .updateTable('workflows')
      .set({ region_id: place.regionId, business_unit_id: place.businessUnitId, updated_at: at })
      .where('id', '=', workflowId)
      .execute();
  },

  // The business unit's region, or none when it does not exist (or is another tenant's, or is
  // archived: issue 19, no workflow moves into an archived unit).
  async unitRegion(tx: Tx, businessUnitId: string): Promise<string | undefined> {
    const row = await tx
      .selectFrom('business_units')
      .select('region_id')
      .where('id', '=', businessUnitId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return row?.region_id;
  },
};
