import { sql } from 'kysely';
import type { OneTimeTokenPurpose } from '../../../db/schema.js';
import type { Tx } from '../../../platform/tenant-transaction.js';

export const emailSignInRepository = {
  // Only active accounts receive codes and links.
  findActiveAccount(tx: Tx, email: string) {
    return tx
      .selectFrom('users')
      .select(['id', 'email', 'first_name'])
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .where('is_active', '=', true)
      .executeTakeFirst();
  },

  async countIssuedSince(tx: Tx, userId: string, purpose: OneTimeTokenPurpose, since: Date): Promise<number> {
    const row = await tx
      .selectFrom('one_time_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
