import { sql } from 'kysely';
import type { Tx } from '../../../platform/tenant-transaction.js';

export const ssoLoginRepository = {
  async saveState(
    tx: Tx,
    state: {
      tenantId: string;
      stateHash: Buffer;
      providerId: string;
      nonce: string;
      codeVerifier: string;
      nextPath: string | null;
      popup: boolean;
      expiresAt: Date;
    },
  ): Promise<void> {
    await tx
      .insertInto('sso_login_states')
      .values({
        tenant_id: state.tenantId,
        state_hash: state.stateHash,
        provider_id: state.providerId,
        nonce: state.nonce,
        code_verifier: state.codeVerifier,
        next_path: state.nextPath,
        popup: state.popup,
        expires_at: state.expiresAt,
      })
      .execute();
  },

  // Single use: the row is marked consumed in the same statement that reads it, so a replayed
  // state finds nothing, even when two callbacks race.
  consumeState(tx: Tx, stateHash: Buffer, providerId: string) {
    return tx
      .updateTable('sso_login_states')
      .set({ consumed_at: sql`now()` })
      .where('state_hash', '=', stateHash)
      .where('provider_id', '=', providerId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['nonce', 'code_verifier', 'next_path', 'popup'])
      .executeTakeFirst();
  },

  findLinkedUser(tx: Tx, providerId: string, subject: string) {
    return tx
      .selectFrom('user_identities as i')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 'i.tenant_id').onRef('u.id', '=', 'i.user_id'),
      )
      .select(['u.id', 'u.is_active'])
      .where('i.provider_id', '=', providerId)
      .where('i.subject', '=', subject)
      .executeTakeFirst();
  },

  findUserByEmail(tx: Tx, email: string) {
    return tx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  },

  // Just-in-time: an internal user without a password, in the provider's default group.
  async createUser(
    tx: Tx,
    user: { tenantId: string; email: string; firstName: string; lastName: string; groupId: string | null },
  ): Promise<string> {
    const { id } = await tx
      .insertInto('users')
      .values({
        tenant_id: user.tenantId,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        password_hash: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (user.groupId) {
      await tx
        .insertInto('user_groups')
        .values({ tenant_id: user.tenantId, user_id: id, group_id: user.groupId })
        .execute();
    }
    return id;
  },

  async linkIdentity(
    tx: Tx,
    identity: { tenantId: string; providerId: string; subject: string; userId: string; email: string },
  ): Promise<void> {
    await tx
      .insertInto('user_identities')
      .values({
        tenant_id: identity.tenantId,
        provider_id: identity.providerId,
        subject: identity.subject,
        user_id: identity.userId,
        email: identity.email,
      })
      .execute();
  },
};
