import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// The records list's statements over `records as r`; the where-clause and order come from
// record-list-where.ts.
export const recordListRepository = {
  // The rows a count counts (cappedCount).
  matches: (tx: Tx, where: Expression<SqlBool>) =>
    tx.selectFrom('records as r').select(sql`1`.as('one')).where(where),

  page: (
    tx: Tx,
    where: Expression<SqlBool>,
    order: RawBuilder<unknown>[],
    page: { limit: number; offset: number },
  ) =>
    tx
      .selectFrom('records as r')
      .leftJoin('regions as rg', (join) =>
        join.onRef('rg.tenant_id', '=', 'r.tenant_id').onRef('rg.id', '=', 'r.region_id'),
      )
      .leftJoin('business_units as bu', (join) =>
        join.onRef('bu.tenant_id', '=', 'r.tenant_id').onRef('bu.id', '=', 'r.business_unit_id'),
      )
      .select([
        'r.id',
        'r.title',
        'r.data',
        'r.region_id',
        'rg.name as region_name',
        'r.business_unit_id',
        'bu.name as business_unit_name',
        'r.created_at',
        'r.updated_at',
        'r.archived_at',
      ])
      .where(where)
      .orderBy(sql.join(order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),

  // record_title_share (migration 0038): whether the phrase is common in the type's titles, and its
  // sampled share of the type's live records in the tenant (null when not common or too few sampled).
  titleShare: async (tx: Tx, phrase: string, typeId: string) => {
    const { rows } = await sql<{
      common: boolean;
      type_share: number | null;
    }>`select common, type_share from record_title_share(${phrase}, ${typeId})`.execute(tx);
    return { common: rows[0]?.common ?? false, typeShare: rows[0]?.type_share ?? null };
  },

  // record_type_rows (migration 0039): the planner's estimate of the type's live records as the
  // table's owner, without the tenant policy; null for a type not of the tenant.
  typeRowsUnpoliced: async (tx: Tx, typeId: string): Promise<number | null> => {
    const { rows } = await sql<{ n: number | null }>`select record_type_rows(${typeId}) as n`.execute(tx);
    return rows[0]?.n ?? null;
  },

  // The same rows as the app reads them (under the policy), for the planner's estimate.
  typeRows: (tx: Tx, typeId: string) =>
    tx
      .selectFrom('records as r')
      .select(sql`1`.as('one'))
      .where(sql<SqlBool>`r.object_type_id = ${typeId} and r.archived_at is null`),

  options: (tx: Tx, where: Expression<SqlBool>, limit: number) =>
    tx
      .selectFrom('records as r')
      .select(['r.id', 'r.title'])
      .where(where)
      .orderBy(sql`lower(r.title)`)
      .orderBy('r.id')
      .limit(limit)
      .execute(),
};
