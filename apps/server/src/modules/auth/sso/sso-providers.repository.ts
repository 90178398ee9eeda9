import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { SsoProvidersTable } from '../../../db/schema.js';
import type { Tx } from '../../../platform/tenant-transaction.js';

const COLUMNS = [
  'id',
  'slug',
  'display_name',
  'issuer',
  'client_id',
  'client_secret_encrypted',
  'allowed_email_domains',
  'default_group_id',
  'logout_redirect_url',
  'enabled',
  'created_at',
] as const;

export type SsoProviderRow = NonNullable<Awaited<ReturnType<typeof ssoProvidersRepository.find>>>;

export const ssoProvidersRepository = {
  listEnabled(tx: Tx) {
    return tx
      .selectFrom('sso_providers')
      .select(['slug', 'display_name'])
      .where('enabled', '=', true)
      .orderBy(sql`lower(display_name)`)
      .execute();
  },

  findEnabledBySlug(tx: Tx, slug: string) {
    return tx
      .selectFrom('sso_providers')
      .select(COLUMNS)
      .where('slug', '=', slug)
      .where('enabled', '=', true)
      .executeTakeFirst();
  },

  find(tx: Tx, id: string) {
    return tx.selectFrom('sso_providers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  findBySlug(tx: Tx, slug: string) {
    return tx.selectFrom('sso_providers').select('id').where('slug', '=', slug).executeTakeFirst();
  },

  async page(tx: Tx, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      tx
        .selectFrom('sso_providers')
        .select(COLUMNS)
        .orderBy('slug')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      tx
        .selectFrom('sso_providers')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  async create(tx: Tx, values: Insertable<SsoProvidersTable>): Promise<string> {
    const row = await tx.insertInto('sso_providers').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async update(tx: Tx, id: string, values: Updateable<SsoProvidersTable>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await tx.updateTable('sso_providers').set(values).where('id', '=', id).execute();
  },

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.deleteFrom('sso_providers').where('id', '=', id).execute();
  },

  // The provider a user signed in through, for logout's redirect_url. A session records only that
  // it came from SSO, so the user's most recent identity with a logout address stands in for it.
  async logoutUrlFor(tx: Tx, userId: string): Promise<string | null> {
    const row = await tx
      .selectFrom('user_identities as i')
      .innerJoin('sso_providers as p', (join) =>
        join.onRef('p.tenant_id', '=', 'i.tenant_id').onRef('p.id', '=', 'i.provider_id'),
      )
      .select('p.logout_redirect_url')
      .where('i.user_id', '=', userId)
      .where('p.logout_redirect_url', 'is not', null)
      .orderBy('i.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.logout_redirect_url ?? null;
  },
};
