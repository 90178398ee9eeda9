import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Sign-in state past its use, across every tenant: given the owning role's pool (adminDb).
export const sessionCleanupRepository = {
  async deleteExpiredSessions(db: Db): Promise<void> {
    await db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute();
  },

  // Sessions idle past their tenant's timeout can never be used again.
  async deleteIdleSessions(db: Db): Promise<void> {
    await sql`
      delete from sessions s using tenant_configurations c
      where c.tenant_id = s.tenant_id
        and s.last_seen_at < now() - make_interval(mins => c.session_idle_minutes)
    `.execute(db);
  },

  async deleteExpiredChallenges(db: Db): Promise<void> {
    await db.deleteFrom('auth_challenges').where('expires_at', '<', sql<Date>`now()`).execute();
  },

  async deleteExpiredSsoLoginStates(db: Db): Promise<void> {
    await db.deleteFrom('sso_login_states').where('expires_at', '<', sql<Date>`now()`).execute();
  },

  // Kept an hour past expiry because recent ones count toward the e-mail sending limit (15 minutes).
  async deleteSpentOneTimeTokens(db: Db): Promise<void> {
    await db
      .deleteFrom('one_time_tokens')
      .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
  },

  // Counters whose window (windowMinutes long) and lock have both passed.
  async deleteStaleThrottles(db: Db, windowMinutes: number): Promise<void> {
    const windowStart = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
    await db
      .deleteFrom('sign_in_throttles')
      .where('first_failure_at', '<', windowStart)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
      .execute();
  },
};
