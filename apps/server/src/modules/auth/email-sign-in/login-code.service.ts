import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_TTL_MINUTES, SERVER_MESSAGES } from '@attest/shared';
import { oneTimeTokensRepository } from '../../../platform/auth/one-time-tokens.repository.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../../platform/auth/sign-in.js';
import { auditLockout, auditSignInFailure } from '../../../platform/auth/sign-in-audit.js';
import { signInThrottle, type ThrottleSubject } from '../../../platform/auth/sign-in-throttle.js';
import { AuthenticationFailedError } from '../../../platform/errors.js';
import type { TenantContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { emailSignInRepository } from './email-sign-in.repository.js';
import {
  accountToEmail,
  type CaptchaFields,
  captchaAnswer,
  countEmailRequest,
  type EmailSignInDeps,
} from './emailed-sign-in.js';
import { loginCodeEmail } from './sign-in-emails.js';

// A code dies after this many wrong guesses (1 in 200,000 odds of guessing it), besides the
// account and address throttle that spans codes.
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

export function createLoginCodeService(deps: EmailSignInDeps) {
  // Six digits are guessable offline from a plain hash; an HMAC keyed with SECRET_KEY over the
  // token's own id is not, and two people's equal codes never share a hash.
  const codeHash = (tokenId: string, code: string) =>
    createHmac('sha256', deps.config.SECRET_KEY).update(`login_code:${tokenId}:${code}`).digest();

  return {
    async requestCode(ctx: TenantContext, input: { email: string } & CaptchaFields, client: ClientInfo) {
      await deps.captcha.assertCaptcha(ctx, captchaAnswer(input, client));
      const queued = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        await countEmailRequest(tx, ctx.tenant.id, client);
        const account = await accountToEmail(tx, input.email, 'login_code');
        if (!account) return [];
        const id = randomUUID();
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await oneTimeTokensRepository.insert(tx, {
          tenantId: ctx.tenant.id,
          id,
          userId: account.id,
          purpose: 'login_code',
          tokenHash: codeHash(id, code),
          expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MINUTES * 60_000),
        });
        return [await deps.mail.queue(tx, ctx.tenant.id, loginCodeEmail(ctx.tenant, account, code))];
      });
      await deps.mail.dispatch(queued);
      return { detail: SERVER_MESSAGES.otpRequested };
    },

    async submitCode(
      ctx: TenantContext,
      input: { email: string; token: string } & CaptchaFields,
      client: ClientInfo,
    ): Promise<SignInOutcome> {
      await deps.captcha.assertCaptcha(ctx, captchaAnswer(input, client));
      const throttle: ThrottleSubject = {
        purpose: 'login_code',
        account: input.email,
        address: client.ipAddress,
      };
      // Failures are recorded in a transaction that commits; the refusal is thrown after it.
      const userId = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        await signInThrottle.assertAllowed(tx, ctx.tenant.id, throttle);
        const account = await emailSignInRepository.findActiveAccount(tx, input.email);
        const live = account
          ? await oneTimeTokensRepository.latestUsable(tx, account.id, 'login_code')
          : undefined;
        const matches =
          live !== undefined &&
          live.attempts < LOGIN_CODE_MAX_ATTEMPTS &&
          timingSafeEqual(live.token_hash, codeHash(live.id, input.token));
        if (account && live && matches && (await oneTimeTokensRepository.consumeById(tx, live.id))) {
          await signInThrottle.recordSuccess(tx, ctx.tenant.id, throttle);
          return account.id;
        }
        if (live) {
          await oneTimeTokensRepository.countAttempt(tx, live.id);
          if (live.attempts + 1 >= LOGIN_CODE_MAX_ATTEMPTS)
            await oneTimeTokensRepository.consumeById(tx, live.id);
        }
        const { accountLockedUntil } = await signInThrottle.recordFailure(tx, ctx.tenant.id, throttle);
        // An unknown e-mail is recorded without it (docs/security.md, Audit trail).
        const who = { tenantId: ctx.tenant.id, userId: account?.id ?? null, ipAddress: client.ipAddress };
        const reason = account ? 'wrong_code' : 'unknown_account';
        await auditSignInFailure(tx, who, { method: 'login_code', reason });
        if (accountLockedUntil) {
          await auditLockout(tx, who, { method: 'login_code', lockedUntil: accountLockedUntil });
        }
        return null;
      });
      if (!userId) throw new AuthenticationFailedError(SERVER_MESSAGES.invalidOrExpiredCode);
      return completeFirstFactor(ctx, { userId, firstFactor: 'login_code', client });
    },
  };
}
