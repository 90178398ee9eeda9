import type { PreferenceKind } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

const COLUMNS = ['id', 'kind', 'name', 'value', 'created_at'] as const;

// Every query is scoped to one user: a preference is never read or changed by anyone else.
export const preferencesRepository = {
  async page(tx: Tx, userId: string, filter: { kind: PreferenceKind; limit: number; offset: number }) {
    const query = tx
      .selectFrom('user_preferences')
      .where('user_id', '=', userId)
      .where('kind', '=', filter.kind);
    const [rows, total] = await Promise.all([
      query
        .select(COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  async countOfKind(tx: Tx, userId: string, kind: PreferenceKind): Promise<number> {
    const row = await tx
      .selectFrom('user_preferences')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async nameTaken(tx: Tx, userId: string, kind: PreferenceKind, name: string): Promise<boolean> {
    const row = await tx
      .selectFrom('user_preferences')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  },

  insert(
    tx: Tx,
    row: { tenantId: string; userId: string; kind: PreferenceKind; name: string; value: unknown },
  ) {
    return tx
      .insertInto('user_preferences')
      .values({
        tenant_id: row.tenantId,
        user_id: row.userId,
        kind: row.kind,
        name: row.name,
        value: JSON.stringify(row.value),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  async delete(tx: Tx, userId: string, id: string): Promise<boolean> {
    const result = await tx
      .deleteFrom('user_preferences')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },
};
