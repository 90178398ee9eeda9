import { sql } from 'kysely';
import type { Tx } from '../tenant-transaction.js';

export type NewAuthChallenge = {
  tenantId: string;
  tokenHash: Buffer;
  userId: string;
  firstFactor: string;
  nextPath: string | null;
  expiresAt: Date;
};

export type OpenMfaChallenge = {
  id: string;
  user_id: string;
  first_factor: string;
  next_path: string | null;
  email: string;
};

// The auth_challenges table: the MFA step a first factor leads to, behind an httpOnly cookie.
export const authChallengesRepository = {
  async insert(tx: Tx, challenge: NewAuthChallenge): Promise<void> {
    await tx
      .insertInto('auth_challenges')
      .values({
        tenant_id: challenge.tenantId,
        token_hash: challenge.tokenHash,
        user_id: challenge.userId,
        first_factor: challenge.firstFactor,
        next_path: challenge.nextPath,
        expires_at: challenge.expiresAt,
      })
      .execute();
  },

  // The pending challenge behind the cookie, locked so that concurrent attempts count one by one.
  findOpenChallenge(tx: Tx, tokenHash: Buffer, maxAttempts: number): Promise<OpenMfaChallenge | undefined> {
    return tx
      .selectFrom('auth_challenges as c')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'),
      )
      .select(['c.id', 'c.user_id', 'c.first_factor', 'c.next_path', 'u.email'])
      .where('c.token_hash', '=', tokenHash)
      .where('c.consumed_at', 'is', null)
      .where('c.expires_at', '>', sql<Date>`now()`)
      .where('c.attempts', '<', maxAttempts)
      .where('u.is_active', '=', true)
      .forUpdate('c')
      .executeTakeFirst();
  },

  async countChallengeAttempt(tx: Tx, challengeId: string): Promise<void> {
    await tx
      .updateTable('auth_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', challengeId)
      .execute();
  },

  async consumeChallenge(tx: Tx, challengeId: string): Promise<void> {
    await tx
      .updateTable('auth_challenges')
      .set({ consumed_at: sql`now()` })
      .where('id', '=', challengeId)
      .execute();
  },
};
