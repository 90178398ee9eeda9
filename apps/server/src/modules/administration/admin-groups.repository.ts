import { sql } from 'kysely';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export const adminGroupsRepository = {
  async page(tx: Tx, filter: { q?: string; limit: number; offset: number }) {
    let query = tx.selectFrom('groups');
    if (filter.q) {
      query = query.where(
        sql<string>`lower(name)`,
        'like',
        `%${filter.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`,
      );
    }
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'name'])
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  find(tx: Tx, groupId: string) {
    return tx.selectFrom('groups').select(['id', 'name']).where('id', '=', groupId).executeTakeFirst();
  },

  findByName(tx: Tx, name: string) {
    return tx
      .selectFrom('groups')
      .select('id')
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  },

  // Permissions and member counts of a page of groups, in two queries.
  async detailsOf(tx: Tx, groupIds: string[]) {
    if (groupIds.length === 0) return { permissions: [], members: [] };
    const [permissions, members] = await Promise.all([
      tx
        .selectFrom('group_permissions')
        .select(['group_id', 'codename'])
        .where('group_id', 'in', groupIds)
        .orderBy('codename')
        .execute(),
      tx
        .selectFrom('user_groups')
        .select(['group_id', (eb) => eb.fn.countAll<string>().as('count')])
        .where('group_id', 'in', groupIds)
        .groupBy('group_id')
        .execute(),
    ]);
    return { permissions, members };
  },

  async create(tx: Tx, tenantId: string, name: string): Promise<string> {
    const row = await tx
      .insertInto('groups')
      .values({ tenant_id: tenantId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async rename(tx: Tx, groupId: string, name: string): Promise<void> {
    await tx.updateTable('groups').set({ name }).where('id', '=', groupId).execute();
  },

  async permissionsOf(tx: Tx, groupId: string): Promise<string[]> {
    const rows = await tx
      .selectFrom('group_permissions')
      .select('codename')
      .where('group_id', '=', groupId)
      .orderBy('codename')
      .execute();
    return rows.map((r) => r.codename);
  },

  async replacePermissions(tx: Tx, tenantId: string, groupId: string, codenames: string[]): Promise<void> {
    authChangedIn(tx);
    await tx.deleteFrom('group_permissions').where('group_id', '=', groupId).execute();
    if (codenames.length === 0) return;
    await tx
      .insertInto('group_permissions')
      .values(codenames.map((codename) => ({ tenant_id: tenantId, group_id: groupId, codename })))
      .execute();
  },

  async delete(tx: Tx, groupId: string): Promise<void> {
    authChangedIn(tx);
    await tx.deleteFrom('groups').where('id', '=', groupId).execute();
  },
};
