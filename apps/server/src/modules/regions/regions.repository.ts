import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleBusinessUnitsFilter, visibleRegionsFilter } from '../workflows/index.js';

// Whose places a list shows: a user's (those whose workflows they may see: workflow access decides,
// through the workflows module) or, for administrators granting access, all of the tenant's
// (row-level security keeps both to the transaction's tenant).
export type PlaceScope = { userId: string } | 'all';

export const regionsRepository = {
  async page(tx: Tx, scope: PlaceScope, page: { limit: number; offset: number }) {
    // Archived places are offered for no new choice (issue 19): no filter, picker or grant lists them.
    let query = tx.selectFrom('regions as r').where('r.archived_at', 'is', null);
    if (scope !== 'all') query = query.where(visibleRegionsFilter(scope.userId));
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
    let query = tx.selectFrom('business_units as b').where('b.archived_at', 'is', null);
    if (scope !== 'all') query = query.where(visibleBusinessUnitsFilter(scope.userId));
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
