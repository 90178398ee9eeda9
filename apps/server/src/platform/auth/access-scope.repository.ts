import { sql } from 'kysely';
import type { AccessLevel } from '../../db/schema.js';
import type { Tx } from '../tenant-transaction.js';

// One region or business unit a user may see ('read') or change ('full').
export type AccessGrant = { id: string; access: AccessLevel };

export type PlaceGrantRow = AccessGrant & { place: 'region' | 'business_unit' };

export const accessScopeRepository = {
  // A user's grants on regions and on business units, in one statement (every list request asks).
  grantsOf(tx: Tx, userId: string): Promise<PlaceGrantRow[]> {
    return tx
      .selectFrom('user_region_access')
      .select([sql<PlaceGrantRow['place']>`'region'`.as('place'), 'region_id as id', 'access'])
      .where('user_id', '=', userId)
      .unionAll(
        tx
          .selectFrom('user_business_unit_access')
          .select([
            sql<PlaceGrantRow['place']>`'business_unit'`.as('place'),
            'business_unit_id as id',
            'access',
          ])
          .where('user_id', '=', userId),
      )
      .orderBy('place')
      .orderBy('id')
      .execute();
  },
};
