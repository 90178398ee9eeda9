import { ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import type { Db } from '../../db/database.js';
import { sessionsRepository } from '../auth/sessions.repository.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { AppError } from '../errors.js';
import type { TenantContext } from '../request-context.js';
import { withTenant } from '../tenant-transaction.js';
import { captchaRepository } from './captcha.repository.js';
import type { CaptchaVerifierFactory } from './captcha-verifier.js';

export type CaptchaAnswer = {
  // The account being signed in to: people holding 'can_bypass_captcha' are exempt.
  email: string;
  token: string | null | undefined;
  // Already reduced to 'hcaptcha' or undefined by the shared schema (spec 1 section 5).
  service: string | null | undefined;
  ip: string | null;
};

export type CaptchaGuard = {
  // Refuses (400) a missing or failed captcha when the tenant enables it.
  assertCaptcha(ctx: TenantContext, answer: CaptchaAnswer): Promise<void>;
  // What the sign-in pages need to show the widget.
  publicConfig(ctx: TenantContext): Promise<{ enabled: boolean; site_key: string | null }>;
};

class CaptchaError extends AppError {
  constructor(message: string) {
    super(400, ERROR_CODES.captchaInvalid, message, { captcha_token: [message] });
  }
}

function openOrNull(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

export function createCaptchaGuard(deps: {
  db: Db;
  secretBox: SecretBox;
  verifierFor: CaptchaVerifierFactory;
}): CaptchaGuard {
  return {
    async assertCaptcha(ctx, answer) {
      const check = await withTenant(deps.db, ctx.tenant.id, async (tx) => {
        const settings = await captchaRepository.settingsOf(tx, ctx.tenant.id);
        if (!settings?.captcha_enabled) return null;
        const accountId = await captchaRepository.activeUserIdByEmail(tx, answer.email);
        const exempt = accountId
          ? (await sessionsRepository.permissionsOf(tx, accountId)).has('can_bypass_captcha')
          : false;
        return exempt ? null : { secret: settings.hcaptcha_secret_encrypted };
      });
      if (!check) return;
      if (answer.service !== 'hcaptcha' || !answer.token) {
        throw new CaptchaError(SERVER_MESSAGES.captchaRequired);
      }
      // A tenant that enables captcha without a readable secret (none, or sealed under another
      // SECRET_KEY) refuses everyone rather than letting everyone in.
      const secret = check.secret ? openOrNull(deps.secretBox, check.secret) : null;
      if (!secret) throw new CaptchaError(SERVER_MESSAGES.captchaFailed);
      // The provider is called outside any transaction.
      if (!(await deps.verifierFor(secret).verify(answer.token, answer.ip))) {
        throw new CaptchaError(SERVER_MESSAGES.captchaFailed);
      }
    },

    publicConfig(ctx) {
      return withTenant(deps.db, ctx.tenant.id, async (tx) => {
        const settings = await captchaRepository.settingsOf(tx, ctx.tenant.id);
        const enabled = Boolean(settings?.captcha_enabled);
        return { enabled, site_key: enabled ? (settings?.hcaptcha_site_key ?? null) : null };
      });
    },
  };
}
