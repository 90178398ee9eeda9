import type { PreferenceKind } from '@attest/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

const COLUMNS = ['id', 'kind', 'name', 'value', 'created_at'] as const;

// A kind the API lists (PreferenceKind), or one the server keeps for its own routes (a dashboard's
// columns, dashboard-columns.service.ts).
type StoredKind = PreferenceKind | 'dashboard_columns';

// The id a pinned workflow or favourite report keeps, as a bigint (null for anything else: a row
// kept before ids were bounded must not break the list with a cast error).
function keptId(key: 'workflow_id' | 'report_id') {
  return sql<string>`(case when user_preferences.value->>${key} ~ '^[0-9]{1,18}$' then (user_preferences.value->>${key})::bigint end)`;
}

// What a listed preference may point at: a pinned workflow the user can still see (the region and
// business-unit rule of every workflow list), a favourite report they may still read.
export type ReferenceRule = { userId: string; mayViewReports: boolean };

function stillVisible(kind: PreferenceKind, rule: ReferenceRule) {
  return (eb: ExpressionBuilder<Database, 'user_preferences'>) => {
    if (kind === 'pinned_workflows') {
      return eb.exists(
        eb
          .selectFrom('workflows as w')
          .select(sql`1`.as('one'))
          .where('w.id', '=', keptId('workflow_id'))
          .where(visibleWorkflowsFilter(rule.userId)),
      );
    }
    if (kind === 'favorite_reports') {
      if (!rule.mayViewReports) return sql<boolean>`false`;
      return eb.exists(
        eb.selectFrom('reports').select(sql`1`.as('one')).where('reports.id', '=', keptId('report_id')),
      );
    }
    return sql<boolean>`true`;
  };
}

// Every query is scoped to one user: a preference is never read or changed by anyone else.
export const preferencesRepository = {
  // Holds one user's preferences until the transaction ends: their saves run one after the other, so
  // a count bound and the unique name hold under races.
  async lockUser(tx: Tx, tenantId: string, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`preferences:${tenantId}:${userId}`}))`.execute(tx);
  },

  // What the user lost sight of stays stored (it shows again if access comes back) but is not listed.
  async page(tx: Tx, rule: ReferenceRule, filter: { kind: PreferenceKind; limit: number; offset: number }) {
    const query = tx
      .selectFrom('user_preferences')
      .where('user_id', '=', rule.userId)
      .where('kind', '=', filter.kind)
      .where(stillVisible(filter.kind, rule));
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

  async countOfKind(tx: Tx, userId: string, kind: StoredKind): Promise<number> {
    const row = await tx
      .selectFrom('user_preferences')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.count);
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

  // The user's row of that kind and name, names compared without case (the unique name index):
  // a saved filter's name taken, or a dashboard's columns for one workflow kind.
  async named(tx: Tx, userId: string, kind: StoredKind, name: string) {
    return tx
      .selectFrom('user_preferences')
      .select(['id', 'value'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  },

  // Writes the user's row of that kind and name, replacing its value (the unique name index).
  async upsertNamed(
    tx: Tx,
    row: { tenantId: string; userId: string; kind: StoredKind; name: string; value: unknown },
  ) {
    await sql`insert into user_preferences (tenant_id, user_id, kind, name, value)
      values (${row.tenantId}, ${row.userId}, ${row.kind}, ${row.name}, ${JSON.stringify(row.value)}::jsonb)
      on conflict (tenant_id, user_id, kind, lower(name)) do update set value = excluded.value`.execute(tx);
  },
};
