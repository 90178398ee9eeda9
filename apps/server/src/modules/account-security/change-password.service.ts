import { type ChangePassword, SERVER_MESSAGES } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { assertNewPassword } from '../../platform/auth/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import { type ClientInfo, type OpenedSession, openSession } from '../../platform/auth/sign-in.js';
import { signInThrottle, type ThrottleSubject } from '../../platform/auth/sign-in-throttle.js';
import { BadRequestError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { securityNoticeEmail } from '../../platform/mail/security-notice.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { accountSecurityRepository } from './account-security.repository.js';
import { asAuthMethod } from './auth-method.js';
import { incorrectPassword } from './mfa.service.js';

// ASVS 2.1.5/3.3.3: the current password proves it is the owner; every other session ends and the
// current one is replaced by a new one (new id, new CSRF token), all in one transaction.
export async function changePassword(
  ctx: UserContext,
  input: ChangePassword,
  client: ClientInfo,
  mail: Mailer,
): Promise<OpenedSession> {
  const { user } = ctx.auth;
  const userId = user.id;
  const throttle: ThrottleSubject = { purpose: 'password', account: user.email, address: client.ipAddress };
  // The new password is judged first: it needs no database and costs no attempt.
  if (input.new_password === input.current_password) {
    throw new BadRequestError(SERVER_MESSAGES.passwordUnchanged, {
      new_password: [SERVER_MESSAGES.passwordUnchanged],
    });
  }
  assertNewPassword(input.new_password, { email: user.email, name: `${user.first_name} ${user.last_name}` });
  const storedHash = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await signInThrottle.beginAttempt(tx, ctx.tenant.id, throttle);
    return accountSecurityRepository.passwordHashOf(tx, userId);
  });
  if (!(await verifyPassword(storedHash, input.current_password))) {
    throw incorrectPassword('current_password');
  }
  const newHash = await hashPassword(input.new_password);

  const { session, notice } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await signInThrottle.attemptSucceeded(tx, ctx.tenant.id, throttle);
    await accountSecurityRepository.updatePassword(tx, userId, newHash);
    const revoked = await accountSecurityRepository.deleteOtherSessions(tx, userId, ctx.auth.sessionId);
    const session = await openSession(tx, ctx.tenant, {
      userId,
      authMethod: asAuthMethod(ctx.auth.authMethod),
      mfaVerified: ctx.auth.mfaVerified,
      client,
    });
    await sessionsRepository.delete(tx, ctx.auth.tokenHash);
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'password.changed',
      actorUserId: userId,
      targetUserId: userId,
      details: { other_sessions_revoked: revoked },
      ipAddress: client.ipAddress,
    });
    const notice = await mail.queue(
      tx,
      ctx.tenant.id,
      securityNoticeEmail(ctx.tenant, user, 'password_changed', { ipAddress: client.ipAddress }),
    );
    return { session, notice };
  });
  await mail.dispatch([notice]);
  return session;
}
