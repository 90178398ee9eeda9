import { isPermissionCodename, type PermissionCodename } from '@attest/shared';
import { sql } from 'kysely';
import type { AuthState } from '../request-context.js';
import type { Tx } from '../tenant-transaction.js';

export type NewSession = {
  tenantId: string;
  userId: string;
  tokenHash: Buffer;
  csrfToken: string;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
};

export const sessionsRepository = {
  async create(tx: Tx, session: NewSession): Promise<string> {
    const row = await tx
      .insertInto('sessions')
      .values({
        tenant_id: session.tenantId,
        user_id: session.userId,
        token_hash: session.tokenHash,
        csrf_token: session.csrfToken,
        expires_at: session.expiresAt,
        user_agent: session.userAgent,
        ip_address: session.ipAddress,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async findActive(tx: Tx, tokenHash: Buffer) {
    return tx
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'),
      )
      .select([
        's.id as session_id',
        's.csrf_token',
        's.last_seen_at',
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.kind',
        'u.prefered_language',
        'u.timezone',
        'u.user_profile_workflow_id',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.is_active', '=', true)
      .executeTakeFirst();
  },

  async touch(tx: Tx, sessionId: string): Promise<void> {
    await tx.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute();
  },

  async delete(tx: Tx, tokenHash: Buffer): Promise<void> {
    await tx.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  },

  // A user's permissions: those of every group they belong to, plus any granted to them directly.
  async permissionsOf(tx: Tx, userId: string): Promise<Set<PermissionCodename>> {
    const rows = await tx
      .selectFrom('group_permissions as gp')
      .innerJoin('user_groups as ug', (join) =>
        join.onRef('ug.tenant_id', '=', 'gp.tenant_id').onRef('ug.group_id', '=', 'gp.group_id'),
      )
      .select('gp.codename')
      .where('ug.user_id', '=', userId)
      .union(tx.selectFrom('user_permissions').select('codename').where('user_id', '=', userId))
      .execute();
    return new Set(rows.map((r) => r.codename).filter(isPermissionCodename));
  },
};

export type ActiveSessionRow = NonNullable<Awaited<ReturnType<typeof sessionsRepository.findActive>>>;

// One shape for "who is asking", whether the session was just created or read from its cookie.
export function toAuthState(
  row: ActiveSessionRow,
  tokenHash: Buffer,
  permissions: ReadonlySet<PermissionCodename>,
): AuthState {
  const { session_id, csrf_token, last_seen_at: _lastSeen, ...user } = row;
  return { sessionId: session_id, tokenHash, csrfToken: csrf_token, user, permissions };
}
