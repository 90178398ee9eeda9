import { USER_KIND } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../../platform/tenant-transaction.js';

export const invitationsRepository = {
  async emailTaken(tx: Tx, email: string): Promise<boolean> {
    const row = await tx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return Boolean(row);
  },

  // A supplier (third-party) user without a password until they accept.
  createSupplier(tx: Tx, tenantId: string, person: { email: string; first_name: string; last_name: string }) {
    return tx
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        email: person.email,
        first_name: person.first_name,
        last_name: person.last_name,
        kind: USER_KIND.supplier,
        password_hash: null,
        invited_at: sql<Date>`now()`,
      })
      .returning(['id', 'email', 'first_name', 'last_name', 'kind', 'is_active', 'invited_at', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  findInvitee(tx: Tx, userId: string) {
    return tx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  async setPassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()`, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  },
};
