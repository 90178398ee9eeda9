import { isPermissionCodename, type PermissionCodename } from '@attest/shared';
import { sql } from 'kysely';
import type { AuthState } from '../request-context.js';
import type { Tx } from '../tenant-transaction.js';
import { authChangedIn } from './auth-changes.js';

export type AuthMethod =
  | 'password'
  | 'login_code'
  | 'magic_link'
  | 'sso'
  | 'claim_token'
  | 'invitation'
  | 'impersonation';

export type NewSession = {
  tenantId: string;
  userId: string;
  tokenHash: Buffer;
  csrfToken: string;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  authMethod: AuthMethod;
  mfaVerified: boolean;
  mfaEnrolmentRequired: boolean;
  impersonatorUserId?: string | null;
  impersonatorSessionId?: string | null;
};

// The tenant's rules for new sessions.
export type SessionPolicy = { require_mfa: boolean; session_absolute_hours: number };

export const sessionsRepository = {
  // The tenant and the active user a background job acts for (acting-user.ts).
  async actorOf(tx: Tx, tenantId: string, userId: string) {
    const tenant = await tx
      .selectFrom('tenants')
      .select(['id', 'slug', 'name', 'brand'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
    const user = await tx
      .selectFrom('users')
      .select([
        'id',
        'email',
        'first_name',
        'last_name',
        'kind',
        'prefered_language',
        'timezone',
        'user_profile_workflow_id',
      ])
      .where('id', '=', userId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    return { tenant, user };
  },

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
        auth_method: session.authMethod,
        mfa_verified: session.mfaVerified,
        mfa_enrolment_required: session.mfaEnrolmentRequired,
        impersonator_user_id: session.impersonatorUserId ?? null,
        impersonator_session_id: session.impersonatorSessionId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  policyOf(tx: Tx, tenantId: string): Promise<SessionPolicy | undefined> {
    return tx
      .selectFrom('tenant_configurations')
      .select(['require_mfa', 'session_absolute_hours'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  },

  // A session is alive while it is within both its absolute lifetime (expires_at) and the tenant's
  // idle timeout since it was last seen, and its user is active. An impersonation also ends with
  // the administrator's own session (signed out, revoked, expired).
  async findActive(tx: Tx, tokenHash: Buffer) {
    return tx
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'),
      )
      .innerJoin('tenant_configurations as c', 'c.tenant_id', 's.tenant_id')
      .leftJoin('users as imp', (join) =>
        join.onRef('imp.tenant_id', '=', 's.tenant_id').onRef('imp.id', '=', 's.impersonator_user_id'),
      )
      .select([
        's.id as session_id',
        's.csrf_token',
        's.last_seen_at',
        's.expires_at',
        'c.session_idle_minutes',
        's.auth_method',
        's.mfa_verified',
        's.mfa_enrolment_required',
        's.impersonator_session_id',
        'imp.id as impersonator_id',
        'imp.email as impersonator_email',
        'imp.first_name as impersonator_first_name',
        'imp.last_name as impersonator_last_name',
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
      .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => c.session_idle_minutes)`)
      .where('u.is_active', '=', true)
      .where((eb) =>
        eb.or([
          eb('s.impersonator_session_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('sessions as own')
              .select('own.id')
              .whereRef('own.id', '=', 's.impersonator_session_id')
              .where('own.expires_at', '>', sql<Date>`now()`),
          ),
        ]),
      )
      .executeTakeFirst();
  },

  // An administrator acting as someone is active in their own session too, which must outlive the
  // idle timeout for them to return to it.
  async touch(tx: Tx, sessionId: string): Promise<void> {
    await tx
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where((eb) =>
        eb.or([
          eb('id', '=', sessionId),
          eb(
            'id',
            '=',
            eb.selectFrom('sessions as i').select('i.impersonator_session_id').where('i.id', '=', sessionId),
          ),
        ]),
      )
      .execute();
  },

  // Any session by its token, alive or not (sign-out reads how it was opened).
  findByTokenHash(tx: Tx, tokenHash: Buffer) {
    return tx
      .selectFrom('sessions')
      .select(['id', 'user_id', 'auth_method', 'impersonator_user_id', 'impersonator_session_id'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  async delete(tx: Tx, tokenHash: Buffer): Promise<void> {
    await tx.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    authChangedIn(tx);
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

  groupsOf(tx: Tx, userId: string) {
    return tx
      .selectFrom('groups as g')
      .innerJoin('user_groups as ug', (join) =>
        join.onRef('ug.tenant_id', '=', 'g.tenant_id').onRef('ug.group_id', '=', 'g.id'),
      )
      .select(['g.id', 'g.name'])
      .where('ug.user_id', '=', userId)
      .orderBy('g.name')
      .execute();
  },
};

export type ActiveSessionRow = NonNullable<Awaited<ReturnType<typeof sessionsRepository.findActive>>>;

// One shape for "who is asking", whether the session was just created or read from its cookie.
export function toAuthState(
  row: ActiveSessionRow,
  tokenHash: Buffer,
  permissions: ReadonlySet<PermissionCodename>,
): AuthState {
  return {
    sessionId: row.session_id,
    tokenHash,
    csrfToken: row.csrf_token,
    authMethod: row.auth_method,
    mfaVerified: row.mfa_verified,
    mfaEnrolmentRequired: row.mfa_enrolment_required,
    impersonator: row.impersonator_id
      ? {
          userId: row.impersonator_id,
          sessionId: row.impersonator_session_id,
          email: row.impersonator_email ?? '',
          name: `${row.impersonator_first_name ?? ''} ${row.impersonator_last_name ?? ''}`.trim(),
        }
      : null,
    user: {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      kind: row.kind,
      prefered_language: row.prefered_language,
      timezone: row.timezone,
      user_profile_workflow_id: row.user_profile_workflow_id,
    },
    permissions,
  };
}
