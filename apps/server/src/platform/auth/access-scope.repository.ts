import type { AccessLevel } from '../../db/schema.js';
import type { Tx } from '../tenant-transaction.js';

// One region or business unit a user may see ('read') or change ('full').
export type AccessGrant = { id: string; access: AccessLevel };

export const accessScopeRepository = {
  regionsOf(tx: Tx, userId: string): Promise<AccessGrant[]> {
    return tx
      .selectFrom('user_region_access')
      .select(['region_id as id', 'access'])
      .where('user_id', '=', userId)
      .orderBy('region_id')
      .execute();
  },

  businessUnitsOf(tx: Tx, userId: string): Promise<AccessGrant[]> {
    return tx
      .selectFrom('user_business_unit_access')
      .select(['business_unit_id as id', 'access'])
      .where('user_id', '=', userId)
      .orderBy('business_unit_id')
      .execute();
  },
};
