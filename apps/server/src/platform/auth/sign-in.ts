import type { User } from '@attest/shared';
import type { AuthState, Tenant, TenantContext } from '../request-context.js';
import { type Tx, withTenant } from '../tenant-transaction.js';
import { authChallengesRepository } from './auth-challenges.repository.js';
import { currentUserDto } from './current-user.js';
import { hashToken, newToken } from './session-token.js';
import { type AuthMethod, sessionsRepository, toAuthState } from './sessions.repository.js';
import { auditSignIn } from './sign-in-audit.js';
import { userTotpRepository } from './user-totp.repository.js';

// How long a person has to enter their authenticator code after the first factor.
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type FirstFactor = Exclude<AuthMethod, 'impersonation'>;
export type ClientInfo = { userAgent: string | null; ipAddress: string | null };

export type OpenedSession = { token: string; expiresAt: Date; auth: AuthState; user: User };

export type SignInOutcome =
  | ({ kind: 'session' } & OpenedSession)
  | { kind: 'mfa_required'; challengeToken: string; expiresAt: Date };

// Every way of proving who one is (password, e-mailed code, magic link, SSO, claim token,
// invitation) ends here. A user with an authenticator app gets a challenge instead of a session,
// so no first factor ever skips MFA; `mfaVerified` is only for a claim token minted by a session
// that had passed it.
export function completeFirstFactor(
  ctx: TenantContext,
  input: {
    userId: string;
    firstFactor: FirstFactor;
    client: ClientInfo;
    nextPath?: string | null;
    mfaVerified?: boolean;
  },
): Promise<SignInOutcome> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const enrolled = await userTotpRepository.hasConfirmed(tx, input.userId);
    if (enrolled && !input.mfaVerified) {
      const challengeToken = newToken();
      const expiresAt = new Date(Date.now() + MFA_CHALLENGE_TTL_MS);
      await authChallengesRepository.insert(tx, {
        tenantId: ctx.tenant.id,
        tokenHash: hashToken(challengeToken),
        userId: input.userId,
        firstFactor: input.firstFactor,
        nextPath: input.nextPath ?? null,
        expiresAt,
      });
      return { kind: 'mfa_required', challengeToken, expiresAt };
    }
    const session = await openSession(tx, ctx.tenant, {
      userId: input.userId,
      authMethod: input.firstFactor,
      mfaVerified: enrolled,
      client: input.client,
    });
    await auditSignIn(
      tx,
      { tenantId: ctx.tenant.id, userId: input.userId, ipAddress: input.client.ipAddress },
      { method: input.firstFactor },
    );
    return { kind: 'session', ...session };
  });
}

// A new session (new id, new CSRF token) with the tenant's absolute lifetime. Also used after the
// MFA step and to start or stop impersonation.
export async function openSession(
  tx: Tx,
  tenant: Tenant,
  options: {
    userId: string;
    authMethod: AuthMethod;
    mfaVerified: boolean;
    client: ClientInfo;
    impersonatorUserId?: string;
    impersonatorSessionId?: string;
    // An upper bound on the lifetime (an impersonation never outlives the administrator's session).
    notAfter?: Date;
  },
): Promise<OpenedSession> {
  const config = await sessionsRepository.policyOf(tx, tenant.id);
  const token = newToken();
  const tokenHash = hashToken(token);
  const lifetimeEnd = Date.now() + (config?.session_absolute_hours ?? 12) * 3600_000;
  const expiresAt = new Date(Math.min(lifetimeEnd, options.notAfter?.getTime() ?? lifetimeEnd));
  await sessionsRepository.create(tx, {
    tenantId: tenant.id,
    userId: options.userId,
    tokenHash,
    csrfToken: newToken(),
    expiresAt,
    userAgent: options.client.userAgent?.slice(0, 512) ?? null,
    ipAddress: options.client.ipAddress,
    authMethod: options.authMethod,
    mfaVerified: options.mfaVerified,
    // An impersonating administrator is never asked to enrol on the user's behalf.
    mfaEnrolmentRequired: Boolean(config?.require_mfa) && !options.mfaVerified && !options.impersonatorUserId,
    impersonatorUserId: options.impersonatorUserId ?? null,
    impersonatorSessionId: options.impersonatorSessionId ?? null,
  });
  const row = await sessionsRepository.findActive(tx, tokenHash);
  if (!row) throw new Error('A session just opened was not found');
  const auth = toAuthState(row, tokenHash, await sessionsRepository.permissionsOf(tx, options.userId));
  return { token, expiresAt, auth, user: await currentUserDto(tx, tenant, auth) };
}
