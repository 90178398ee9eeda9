import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Substring search served by users_search_idx (a trigram index on this very expression).
function matches(q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb(sql<string>`lower(email || ' ' || first_name || ' ' || last_name)`, 'like', pattern);
}

const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'kind',
  'is_active',
  'invited_at',
  'created_at',
] as const;

export const adminUsersRepository = {
  async page(tx: Tx, filter: { q?: string; limit: number; offset: number }) {
    let query = tx.selectFrom('users');
    if (filter.q) query = query.where(matches(filter.q));
    const [rows, total] = await Promise.all([
      query
        .select(USER_COLUMNS)
        .orderBy(sql`lower(email)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  find(tx: Tx, userId: string) {
    return tx.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
  },

  // Groups, direct permissions and MFA enrolment of a page of users, in three queries, not one per user.
  async detailsOf(tx: Tx, userIds: string[]) {
    if (userIds.length === 0) return { groups: [], permissions: [], enrolled: new Set<string>() };
    const [groups, permissions, totp] = await Promise.all([
      tx
        .selectFrom('user_groups as ug')
        .innerJoin('groups as g', (join) =>
          join.onRef('g.tenant_id', '=', 'ug.tenant_id').onRef('g.id', '=', 'ug.group_id'),
        )
        .select(['ug.user_id', 'g.id', 'g.name'])
        .where('ug.user_id', 'in', userIds)
        .orderBy('g.name')
        .execute(),
      tx
        .selectFrom('user_permissions')
        .select(['user_id', 'codename'])
        .where('user_id', 'in', userIds)
        .orderBy('codename')
        .execute(),
      tx
        .selectFrom('user_totp')
        .select('user_id')
        .where('user_id', 'in', userIds)
        .where('confirmed_at', 'is not', null)
        .execute(),
    ]);
    return { groups, permissions, enrolled: new Set(totp.map((t) => t.user_id)) };
  },

  async groupIdsOf(tx: Tx, userId: string): Promise<string[]> {
    const rows = await tx
      .selectFrom('user_groups')
      .select('group_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.group_id);
  },

  async permissionsOf(tx: Tx, userId: string): Promise<string[]> {
    const rows = await tx
      .selectFrom('user_permissions')
      .select('codename')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.codename);
  },

  // Row-level security hides other tenants' groups, so their ids count as unknown here.
  async existingGroupIds(tx: Tx, groupIds: string[]): Promise<Set<string>> {
    if (groupIds.length === 0) return new Set();
    const rows = await tx.selectFrom('groups').select('id').where('id', 'in', groupIds).execute();
    return new Set(rows.map((r) => r.id));
  },

  async replaceGroups(tx: Tx, tenantId: string, userId: string, groupIds: string[]): Promise<void> {
    authChangedIn(tx);
    await tx.deleteFrom('user_groups').where('user_id', '=', userId).execute();
    if (groupIds.length === 0) return;
    await tx
      .insertInto('user_groups')
      .values(groupIds.map((group_id) => ({ tenant_id: tenantId, user_id: userId, group_id })))
      .execute();
  },

  async replacePermissions(tx: Tx, tenantId: string, userId: string, codenames: string[]): Promise<void> {
    authChangedIn(tx);
    await tx.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
    if (codenames.length === 0) return;
    await tx
      .insertInto('user_permissions')
      .values(codenames.map((codename) => ({ tenant_id: tenantId, user_id: userId, codename })))
      .execute();
  },

  async setActive(tx: Tx, userId: string, isActive: boolean): Promise<void> {
    authChangedIn(tx);
    await tx
      .updateTable('users')
      .set({ is_active: isActive, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  },

  // Their own sessions and any in which they act as someone else.
  async deleteSessions(tx: Tx, userId: string): Promise<void> {
    authChangedIn(tx);
    await tx
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_user_id', '=', userId)]))
      .execute();
  },
};
