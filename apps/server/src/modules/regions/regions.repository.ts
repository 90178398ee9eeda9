import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Whose places a list shows: a user's (those they may see) or, for administrators granting access,
// all of the tenant's (row-level security keeps both to the transaction's tenant).
export type PlaceScope = { userId: string } | 'all';

type RegionsRef = ExpressionBuilder<Database & { r: Database['regions'] }, 'r'>;
type UnitsRef = ExpressionBuilder<Database & { b: Database['business_units'] }, 'b'>;

// A region is visible with a grant on it or on one of its business units (the user sees that unit's
// workflows, so may filter by its region): the places workflow visibility is decided by.
function visibleRegion(userId: string) {
  return (eb: RegionsRef) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('user_region_access as ra')
          .select(sql`1`.as('one'))
          .whereRef('ra.region_id', '=', 'r.id')
          .where('ra.user_id', '=', userId),
      ),
      eb.exists(
        eb
          .selectFrom('user_business_unit_access as ba')
          .innerJoin('business_units as bu', 'bu.id', 'ba.business_unit_id')
          .select(sql`1`.as('one'))
          .whereRef('bu.region_id', '=', 'r.id')
          .where('ba.user_id', '=', userId),
      ),
    ]);
}

// A business unit is visible with a grant on it or on its region.
function visibleUnit(userId: string) {
  return (eb: UnitsRef) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('user_business_unit_access as ba')
          .select(sql`1`.as('one'))
          .whereRef('ba.business_unit_id', '=', 'b.id')
          .where('ba.user_id', '=', userId),
      ),
      eb.exists(
        eb
          .selectFrom('user_region_access as ra')
          .select(sql`1`.as('one'))
          .whereRef('ra.region_id', '=', 'b.region_id')
          .where('ra.user_id', '=', userId),
      ),
    ]);
}

export const regionsRepository = {
  async page(tx: Tx, scope: PlaceScope, page: { limit: number; offset: number }) {
    let query = tx.selectFrom('regions as r');
    if (scope !== 'all') query = query.where(visibleRegion(scope.userId));
    const [rows, total] = await Promise.all([
      query
        .select(['r.id', 'r.name'])
        .orderBy(sql`lower(r.name)`)
        .orderBy('r.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  async businessUnitsPage(
    tx: Tx,
    scope: PlaceScope,
    filter: { regionIds?: string[]; limit: number; offset: number },
  ) {
    let query = tx.selectFrom('business_units as b');
    if (scope !== 'all') query = query.where(visibleUnit(scope.userId));
    if (filter.regionIds) query = query.where('b.region_id', 'in', filter.regionIds);
    const [rows, total] = await Promise.all([
      query
        .select(['b.id', 'b.name', 'b.region_id'])
        .orderBy(sql`lower(b.name)`)
        .orderBy('b.id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },
};
