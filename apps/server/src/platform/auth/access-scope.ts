import type { AccessLevel } from '../../db/schema.js';
import type { Tx } from '../tenant-transaction.js';

export type AccessScope = {
  regions: { id: string; access: AccessLevel }[];
  businessUnits: { id: string; access: AccessLevel }[];
};

// The regions and business units a user may see ('read') or change ('full'), for the workflow
// queries that filter by them. Runs inside the caller's tenant transaction.
export async function accessScopeOf(tx: Tx, userId: string): Promise<AccessScope> {
  const [regions, businessUnits] = await Promise.all([
    tx
      .selectFrom('user_region_access')
      .select(['region_id as id', 'access'])
      .where('user_id', '=', userId)
      .orderBy('region_id')
      .execute(),
    tx
      .selectFrom('user_business_unit_access')
      .select(['business_unit_id as id', 'access'])
      .where('user_id', '=', userId)
      .orderBy('business_unit_id')
      .execute(),
  ]);
  return { regions, businessUnits };
}
