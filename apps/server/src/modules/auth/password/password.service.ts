import type { LoginRequest } from '@attest/shared';
import { verifyPassword } from '../../../platform/auth/passwords.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../../platform/auth/sign-in.js';
import { signInThrottle, type ThrottleSubject } from '../../../platform/auth/sign-in-throttle.js';
import { AuthenticationFailedError } from '../../../platform/errors.js';
import type { TenantContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { type LoginDeps, passwordRefused } from './login-failure.js';
import { passwordRepository } from './password.repository.js';

// Password sign-in: the first factor; completeFirstFactor decides between a session and MFA.
export async function login(
  ctx: TenantContext,
  input: LoginRequest,
  client: ClientInfo,
  deps: LoginDeps,
): Promise<SignInOutcome> {
  const throttle: ThrottleSubject = { purpose: 'login', account: input.email, address: client.ipAddress };
  // The attempt is counted before hashing, so a locked account costs the server nothing and a burst
  // of parallel guesses cannot slip past the limit.
  const { account, attempt } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const attempt = await signInThrottle.beginAttempt(tx, ctx.tenant.id, throttle);
    return { account: await passwordRepository.findForLogin(tx, input.email), attempt };
  });
  // Hashing happens outside any transaction; the same answer for an unknown e-mail and a wrong password.
  const valid = await verifyPassword(account?.password_hash ?? null, input.password);
  if (!account?.is_active || !valid) {
    // A lock counted before hashing only stands if the password was wrong: it is reported here.
    await passwordRefused(ctx, deps, { account, lockedUntil: attempt.accountLockedUntil, client });
    throw new AuthenticationFailedError();
  }
  await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    signInThrottle.attemptSucceeded(tx, ctx.tenant.id, throttle),
  );
  return completeFirstFactor(ctx, { userId: account.id, firstFactor: 'password', client });
}
