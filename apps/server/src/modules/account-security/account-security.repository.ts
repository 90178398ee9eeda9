import { sql } from 'kysely';
import { authChangedIn } from '../../platform/auth/auth-changes.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// A session counts as active within its absolute lifetime and the tenant's idle timeout, the same
// rule as sessionsRepository.findActive.
function activeSessionsOf(tx: Tx, userId: string) {
  return tx
    .selectFrom('sessions as s')
    .innerJoin('tenant_configurations as c', 'c.tenant_id', 's.tenant_id')
    .where('s.user_id', '=', userId)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => c.session_idle_minutes)`);
}

export const accountSecurityRepository = {
  async passwordHashOf(tx: Tx, userId: string): Promise<string | null> {
    const row = await tx
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  },

  async updatePassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  },

  listActiveSessions(tx: Tx, userId: string, page: { limit: number; offset: number }) {
    return activeSessionsOf(tx, userId)
      .select([
        's.id',
        's.auth_method',
        's.user_agent',
        's.ip_address',
        's.created_at',
        's.last_seen_at',
        's.expires_at',
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  },

  async countActiveSessions(tx: Tx, userId: string): Promise<number> {
    const row = await activeSessionsOf(tx, userId)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  // Only the user's own session: another user's id deletes nothing, and the caller answers 404.
  async deleteOwnSession(tx: Tx, userId: string, sessionId: string): Promise<boolean> {
    authChangedIn(tx);
    const result = await tx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async deleteOtherSessions(tx: Tx, userId: string, keepSessionId: string): Promise<number> {
    authChangedIn(tx);
    const result = await tx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
