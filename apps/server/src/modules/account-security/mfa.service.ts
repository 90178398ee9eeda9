import { BRANDS, type RecoveryCodesResponse, SERVER_MESSAGES, type TotpSetupResponse } from '@attest/shared';
import QRCode from 'qrcode';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { signInThrottle, type ThrottleSubject } from '../../platform/auth/sign-in-throttle.js';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
  verifyTotp,
} from '../../platform/auth/totp.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { BadRequestError, ForbiddenError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { type SecurityChange, securityNoticeEmail } from '../../platform/mail/security-notice.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { accountSecurityRepository } from './account-security.repository.js';
import { mfaRepository } from './mfa.repository.js';

export type MfaDeps = { secretBox: SecretBox; secretKey: string; mail: Mailer };

// Enrolling, confirming and removing the authenticator app from one's own profile.
export function createMfaService({ secretBox, secretKey, mail }: MfaDeps) {
  // Queued with the change itself; handed to delivery once the transaction has committed.
  function queueNotice(tx: Tx, ctx: UserContext, change: SecurityChange, ipAddress: string | null) {
    return mail.queue(
      tx,
      ctx.tenant.id,
      securityNoticeEmail(ctx.tenant, ctx.auth.user, change, { ipAddress }),
    );
  }

  async function issueRecoveryCodes(tx: Tx, ctx: UserContext): Promise<string[]> {
    const codes = newRecoveryCodes();
    const userId = ctx.auth.user.id;
    const hashes = codes.map((code) => hashRecoveryCode(secretKey, userId, code));
    await mfaRepository.replaceRecoveryCodes(tx, ctx.tenant.id, userId, hashes);
    return codes;
  }

  return {
    // A fresh secret, unconfirmed until a code from the app proves it was scanned. A confirmed app
    // must be turned off first, so a stolen session cannot silently swap the second factor.
    async setupTotp(ctx: UserContext): Promise<TotpSetupResponse> {
      const secret = newTotpSecret();
      await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        const existing = await mfaRepository.findTotp(tx, ctx.auth.user.id);
        if (existing?.confirmed_at) throw new BadRequestError(SERVER_MESSAGES.totpAlreadyEnabled);
        await mfaRepository.saveUnconfirmedTotp(tx, ctx.tenant.id, ctx.auth.user.id, secretBox.seal(secret));
      });
      const otpauthUrl = totpUri(secret, BRANDS[ctx.tenant.brand].title, ctx.auth.user.email);
      return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl) };
    },

    // The first code proves the app holds the secret; the session counts as MFA-verified from now.
    async confirmTotp(
      ctx: UserContext,
      code: string,
      ipAddress: string | null,
    ): Promise<RecoveryCodesResponse> {
      const throttle: ThrottleSubject = { purpose: 'mfa', account: ctx.auth.user.email, address: ipAddress };
      const outcome = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        const totp = await mfaRepository.findTotp(tx, ctx.auth.user.id);
        if (!totp) throw new BadRequestError(SERVER_MESSAGES.totpNotSetUp);
        if (totp.confirmed_at) throw new BadRequestError(SERVER_MESSAGES.totpAlreadyEnabled);
        await signInThrottle.assertAllowed(tx, ctx.tenant.id, throttle);
        const step = await verifyTotp(secretBox.open(totp.secret_encrypted), code, null);
        if (step === null || !(await mfaRepository.claimStep(tx, ctx.auth.user.id, step))) {
          await signInThrottle.recordFailure(tx, ctx.tenant.id, throttle);
          return null;
        }
        await signInThrottle.recordSuccess(tx, ctx.tenant.id, throttle);
        await mfaRepository.confirmTotp(tx, ctx.auth.user.id);
        await mfaRepository.markSessionVerified(tx, ctx.auth.sessionId);
        await recordAudit(tx, {
          tenantId: ctx.tenant.id,
          action: 'mfa.enabled',
          actorUserId: ctx.auth.user.id,
          targetUserId: ctx.auth.user.id,
          ipAddress,
        });
        const notice = await queueNotice(tx, ctx, 'mfa_enabled', ipAddress);
        return { codes: await issueRecoveryCodes(tx, ctx), notice };
      });
      // Thrown after the transaction, so the counted failure is kept.
      if (!outcome) throw invalidCode();
      await mail.dispatch([outcome.notice]);
      return { recovery_codes: outcome.codes };
    },

    async regenerateRecoveryCodes(
      ctx: UserContext,
      ipAddress: string | null,
    ): Promise<RecoveryCodesResponse> {
      const { codes, notice } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        const totp = await mfaRepository.findTotp(tx, ctx.auth.user.id);
        if (!totp?.confirmed_at) throw new BadRequestError(SERVER_MESSAGES.totpNotEnabled);
        await recordAudit(tx, {
          tenantId: ctx.tenant.id,
          action: 'mfa.recovery_codes_regenerated',
          actorUserId: ctx.auth.user.id,
          targetUserId: ctx.auth.user.id,
          ipAddress,
        });
        const notice = await queueNotice(tx, ctx, 'recovery_codes_regenerated', ipAddress);
        return { codes: await issueRecoveryCodes(tx, ctx), notice };
      });
      await mail.dispatch([notice]);
      return { recovery_codes: codes };
    },

    // Re-authentication with the password before a factor is removed (ASVS 3.7.1).
    async disableTotp(ctx: UserContext, password: string, ipAddress: string | null): Promise<void> {
      const throttle: ThrottleSubject = {
        purpose: 'password',
        account: ctx.auth.user.email,
        address: ipAddress,
      };
      const storedHash = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        if (await mfaRepository.requiresMfa(tx, ctx.tenant.id)) {
          throw new ForbiddenError(SERVER_MESSAGES.mfaRequiredByTenant);
        }
        const totp = await mfaRepository.findTotp(tx, ctx.auth.user.id);
        if (!totp) throw new BadRequestError(SERVER_MESSAGES.totpNotEnabled);
        await signInThrottle.beginAttempt(tx, ctx.tenant.id, throttle);
        return accountSecurityRepository.passwordHashOf(tx, ctx.auth.user.id);
      });
      if (!(await verifyPassword(storedHash, password))) throw incorrectPassword();
      const notice = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        await signInThrottle.attemptSucceeded(tx, ctx.tenant.id, throttle);
        await mfaRepository.deleteTotp(tx, ctx.auth.user.id);
        await recordAudit(tx, {
          tenantId: ctx.tenant.id,
          action: 'mfa.disabled',
          actorUserId: ctx.auth.user.id,
          targetUserId: ctx.auth.user.id,
          ipAddress,
        });
        return queueNotice(tx, ctx, 'mfa_disabled', ipAddress);
      });
      await mail.dispatch([notice]);
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;

export function invalidCode(field = 'code'): BadRequestError {
  return new BadRequestError(SERVER_MESSAGES.invalidVerificationCode, {
    [field]: [SERVER_MESSAGES.invalidVerificationCode],
  });
}

export function incorrectPassword(field = 'password'): BadRequestError {
  return new BadRequestError(SERVER_MESSAGES.incorrectPassword, {
    [field]: [SERVER_MESSAGES.incorrectPassword],
  });
}
