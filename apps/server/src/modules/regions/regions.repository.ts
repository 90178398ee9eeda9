import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

export const regionsRepository = {
  async page(tx: Tx, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      tx
        .selectFrom('regions')
        .select(['id', 'name'])
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      tx
        .selectFrom('regions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  async businessUnitsPage(tx: Tx, filter: { regionIds?: string[]; limit: number; offset: number }) {
    let query = tx.selectFrom('business_units');
    if (filter.regionIds) query = query.where('region_id', 'in', filter.regionIds);
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'name', 'region_id'])
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },
};
