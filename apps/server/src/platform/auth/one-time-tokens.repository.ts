import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, OneTimeTokenPurpose } from '../../db/schema.js';
import type { Tx } from '../tenant-transaction.js';

export type NewOneTimeToken = {
  tenantId: string;
  // Set by callers that mix the id into the hash (e-mailed codes); otherwise generated.
  id?: string;
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenHash: Buffer;
  expiresAt: Date;
  nextPath?: string | null;
  mfaVerified?: boolean;
};

// A deactivated person's codes and links stop working with their account.
function ownerIsActive(eb: ExpressionBuilder<Database, 'one_time_tokens'>) {
  return eb.exists(
    eb
      .selectFrom('users')
      .select('users.id')
      .whereRef('users.tenant_id', '=', 'one_time_tokens.tenant_id')
      .whereRef('users.id', '=', 'one_time_tokens.user_id')
      .where('users.is_active', '=', true),
  );
}

// A live token as its flow reads it: whose it is, where it leads, whether its minting session had MFA.
export type UsableOneTimeToken = {
  id: string;
  user_id: string;
  next_path: string | null;
  mfa_verified: boolean;
};

export type LatestOneTimeToken = { id: string; token_hash: Buffer; attempts: number };

// Single-use secrets (one_time_tokens): only a hash is stored, and consuming one is a single
// conditional update, so two concurrent uses can never both succeed.
export const oneTimeTokensRepository = {
  async insert(tx: Tx, token: NewOneTimeToken): Promise<void> {
    await tx
      .insertInto('one_time_tokens')
      .values({
        tenant_id: token.tenantId,
        ...(token.id && { id: token.id }),
        user_id: token.userId,
        purpose: token.purpose,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
        next_path: token.nextPath ?? null,
        mfa_verified: token.mfaVerified ?? false,
      })
      .execute();
  },

  // A new code or link makes the person's earlier unused ones worthless.
  async revokeUnused(tx: Tx, userId: string, purpose: OneTimeTokenPurpose): Promise<void> {
    await tx
      .updateTable('one_time_tokens')
      .set({ consumed_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
  },

  // The live token with this hash, without using it up (to check it before a slow step).
  findUsable(
    tx: Tx,
    purpose: OneTimeTokenPurpose,
    tokenHash: Buffer,
  ): Promise<UsableOneTimeToken | undefined> {
    return tx
      .selectFrom('one_time_tokens')
      .select(['id', 'user_id', 'next_path', 'mfa_verified'])
      .where('purpose', '=', purpose)
      .where('token_hash', '=', tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where(ownerIsActive)
      .executeTakeFirst();
  },

  consume(tx: Tx, purpose: OneTimeTokenPurpose, tokenHash: Buffer): Promise<UsableOneTimeToken | undefined> {
    return tx
      .updateTable('one_time_tokens')
      .set({ consumed_at: sql<Date>`now()` })
      .where('purpose', '=', purpose)
      .where('token_hash', '=', tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where(ownerIsActive)
      .returning(['id', 'user_id', 'next_path', 'mfa_verified'])
      .executeTakeFirst();
  },

  // The person's newest live token of a purpose (e-mailed codes are looked up by account).
  latestUsable(
    tx: Tx,
    userId: string,
    purpose: OneTimeTokenPurpose,
  ): Promise<LatestOneTimeToken | undefined> {
    return tx
      .selectFrom('one_time_tokens')
      .select(['id', 'token_hash', 'attempts'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async countAttempt(tx: Tx, id: string): Promise<void> {
    await tx
      .updateTable('one_time_tokens')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .execute();
  },

  async consumeById(tx: Tx, id: string): Promise<boolean> {
    const row = await tx
      .updateTable('one_time_tokens')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  },
};
