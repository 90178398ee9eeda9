import { ERROR_CODES, MAGIC_LINK_TTL_MINUTES, SERVER_MESSAGES } from '@attest/shared';
import { safeNextPath } from '../../../platform/auth/next-path.js';
import { oneTimeTokensRepository } from '../../../platform/auth/one-time-tokens.repository.js';
import { hashToken, newToken } from '../../../platform/auth/session-token.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../../platform/auth/sign-in.js';
import { AppError } from '../../../platform/errors.js';
import { tenantPublicUrl } from '../../../platform/mail/public-url.js';
import type { TenantContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import {
  accountToEmail,
  type CaptchaFields,
  captchaAnswer,
  countEmailRequest,
  type EmailSignInDeps,
} from './emailed-sign-in.js';
import { magicLinkEmail } from './sign-in-emails.js';

export const MAGIC_LINK_CONFIRM_PATH = '/login/magic/confirm';

export function createMagicLinkService(deps: EmailSignInDeps) {
  return {
    async requestLink(
      ctx: TenantContext,
      input: { email: string; next?: string | null } & CaptchaFields,
      client: ClientInfo,
    ) {
      await deps.captcha.assertCaptcha(ctx, captchaAnswer(input, client));
      const queued = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        await countEmailRequest(tx, ctx.tenant.id, client);
        const account = await accountToEmail(tx, input.email, 'magic_link');
        if (!account) return [];
        const token = newToken();
        await oneTimeTokensRepository.insert(tx, {
          tenantId: ctx.tenant.id,
          userId: account.id,
          purpose: 'magic_link',
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MINUTES * 60_000),
          nextPath: safeNextPath(input.next),
        });
        // The link opens a page whose button signs in: mail scanners that prefetch it change nothing.
        const link = tenantPublicUrl(deps.config, ctx.tenant.slug, MAGIC_LINK_CONFIRM_PATH, { token });
        return [await deps.mail.queue(tx, ctx.tenant.id, magicLinkEmail(ctx.tenant, account, link))];
      });
      await deps.mail.dispatch(queued);
      return { detail: SERVER_MESSAGES.magicLinkRequested };
    },

    // Goes through completeFirstFactor, so an account with an authenticator app still gets the MFA step.
    async signIn(
      ctx: TenantContext,
      token: string,
      client: ClientInfo,
    ): Promise<{ outcome: SignInOutcome; nextPath: string | null }> {
      const used = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
        oneTimeTokensRepository.consume(tx, 'magic_link', hashToken(token)),
      );
      if (!used) throw new AppError(400, ERROR_CODES.tokenExpired, SERVER_MESSAGES.magicLinkExpired);
      const outcome = await completeFirstFactor(ctx, {
        userId: used.user_id,
        firstFactor: 'magic_link',
        client,
        nextPath: used.next_path,
      });
      return { outcome, nextPath: used.next_path };
    },
  };
}
