import { sql } from 'kysely';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export const impersonationRepository = {
  findUser(tx: Tx, userId: string) {
    return tx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'is_active'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  // The administrator's own session, kept while they act as someone else. Only its absolute
  // lifetime counts: they were active all along, through the impersonated session.
  findLiveSession(tx: Tx, sessionId: string) {
    return tx
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'),
      )
      .select(['s.id', 's.user_id', 's.expires_at', 's.auth_method', 's.mfa_verified'])
      .where('s.id', '=', sessionId)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.is_active', '=', true)
      .executeTakeFirst();
  },

  async deleteSession(tx: Tx, sessionId: string): Promise<void> {
    authChangedIn(tx);
    await tx.deleteFrom('sessions').where('id', '=', sessionId).execute();
  },
};
