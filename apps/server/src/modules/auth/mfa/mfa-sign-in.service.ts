import { ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import { authChallengesRepository } from '../../../platform/auth/auth-challenges.repository.js';
import { hashToken } from '../../../platform/auth/session-token.js';
import { type ClientInfo, type OpenedSession, openSession } from '../../../platform/auth/sign-in.js';
import { auditLockout, auditSignIn, auditSignInFailure } from '../../../platform/auth/sign-in-audit.js';
import { signInThrottle, type ThrottleSubject } from '../../../platform/auth/sign-in-throttle.js';
import { hashRecoveryCode, looksLikeRecoveryCode, verifyTotp } from '../../../platform/auth/totp.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { AppError } from '../../../platform/errors.js';
import type { TenantContext } from '../../../platform/request-context.js';
import { type Tx, withTenant } from '../../../platform/tenant-transaction.js';
import { asAuthMethod, invalidCode, mfaRepository } from '../../account-security/index.js';

// A challenge dies after this many wrong codes; the person signs in again (and meets the throttle).
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;

// The session, and where the first factor meant to go (a magic link's or SSO's `next`).
export type MfaSignIn = OpenedSession & { nextPath: string | null };

export type MfaSignInDeps = { secretBox: SecretBox; secretKey: string };

type SecondFactor = 'totp' | 'recovery_code';

type Attempt = { kind: 'expired' } | { kind: 'invalid' } | ({ kind: 'session' } & MfaSignIn);

function challengeExpired(): AppError {
  return new AppError(400, ERROR_CODES.tokenExpired, SERVER_MESSAGES.mfaChallengeExpired);
}

// The second step of every sign-in (POST users/login_using_mfa/): the challenge comes from the
// httpOnly cookie set after the first factor, never from a user id the client could choose.
export function createMfaSignIn({ secretBox, secretKey }: MfaSignInDeps) {
  // Which second factor passed, or null.
  async function secondFactorPassed(tx: Tx, userId: string, token: string): Promise<SecondFactor | null> {
    const totp = await mfaRepository.findTotp(tx, userId);
    if (!totp?.confirmed_at) return null;
    if (/^\d{6}$/.test(token)) {
      const lastUsed = totp.last_used_step === null ? null : Number(totp.last_used_step);
      const step = await verifyTotp(secretBox.open(totp.secret_encrypted), token, lastUsed);
      return step !== null && (await mfaRepository.claimStep(tx, userId, step)) ? 'totp' : null;
    }
    if (!looksLikeRecoveryCode(token)) return null;
    const used = await mfaRepository.useRecoveryCode(tx, userId, hashRecoveryCode(secretKey, userId, token));
    return used ? 'recovery_code' : null;
  }

  return async function loginUsingMfa(
    ctx: TenantContext,
    challengeToken: string | undefined,
    token: string,
    client: ClientInfo,
  ): Promise<MfaSignIn> {
    if (!challengeToken) throw challengeExpired();
    const attempt = await withTenant(ctx.db, ctx.tenant.id, async (tx): Promise<Attempt> => {
      const challenge = await authChallengesRepository.findOpenChallenge(
        tx,
        hashToken(challengeToken),
        MFA_CHALLENGE_MAX_ATTEMPTS,
      );
      if (!challenge) return { kind: 'expired' };
      const throttle: ThrottleSubject = {
        purpose: 'mfa',
        account: challenge.email,
        address: client.ipAddress,
      };
      await signInThrottle.assertAllowed(tx, ctx.tenant.id, throttle);
      const who = { tenantId: ctx.tenant.id, userId: challenge.user_id, ipAddress: client.ipAddress };
      const secondFactor = await secondFactorPassed(tx, challenge.user_id, token.trim());
      if (!secondFactor) {
        await authChallengesRepository.countChallengeAttempt(tx, challenge.id);
        const { accountLockedUntil } = await signInThrottle.recordFailure(tx, ctx.tenant.id, throttle);
        await auditSignInFailure(tx, who, { method: 'mfa', reason: 'wrong_mfa_code' });
        if (accountLockedUntil)
          await auditLockout(tx, who, { method: 'mfa', lockedUntil: accountLockedUntil });
        return { kind: 'invalid' };
      }
      await authChallengesRepository.consumeChallenge(tx, challenge.id);
      await signInThrottle.recordSuccess(tx, ctx.tenant.id, throttle);
      const session = await openSession(tx, ctx.tenant, {
        userId: challenge.user_id,
        authMethod: asAuthMethod(challenge.first_factor),
        mfaVerified: true,
        client,
      });
      await auditSignIn(tx, who, {
        method: asAuthMethod(challenge.first_factor),
        second_factor: secondFactor,
      });
      return { kind: 'session', ...session, nextPath: challenge.next_path };
    });
    // Thrown after the transaction commits, so the counted attempt and failure are kept.
    if (attempt.kind === 'expired') throw challengeExpired();
    if (attempt.kind === 'invalid') throw invalidCode('token');
    const { kind: _kind, ...session } = attempt;
    return session;
  };
}
