import type { Config } from '../../../config.js';
import type { OneTimeTokenPurpose } from '../../../db/schema.js';
import { oneTimeTokensRepository } from '../../../platform/auth/one-time-tokens.repository.js';
import type { ClientInfo } from '../../../platform/auth/sign-in.js';
import { signInThrottle } from '../../../platform/auth/sign-in-throttle.js';
import type { CaptchaAnswer, CaptchaGuard } from '../../../platform/captcha/captcha-guard.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { Tx } from '../../../platform/tenant-transaction.js';
import { emailSignInRepository } from './email-sign-in.repository.js';

export type EmailSignInDeps = { config: Config; mail: Mailer; captcha: CaptchaGuard };
export type CaptchaFields = { captcha_token?: string | null; captcha_service?: string | null };

// At most this many codes (and, separately, links) are e-mailed per account per window; further
// requests answer the same and send nothing, so the endpoints cannot flood someone's inbox.
export const EMAILS_PER_WINDOW = 5;
export const EMAIL_WINDOW_MS = 15 * 60_000;

export function captchaAnswer(input: { email: string } & CaptchaFields, client: ClientInfo): CaptchaAnswer {
  return {
    email: input.email,
    token: input.captcha_token,
    service: input.captcha_service,
    ip: client.ipAddress,
  };
}

// The account a new code or link goes to, with its earlier unused ones revoked; nothing for an
// unknown or inactive e-mail or an account over its sending limit. The caller answers the same in
// every case.
export async function accountToEmail(tx: Tx, email: string, purpose: OneTimeTokenPurpose) {
  const account = await emailSignInRepository.findActiveAccount(tx, email);
  if (!account) return undefined;
  const since = new Date(Date.now() - EMAIL_WINDOW_MS);
  if ((await emailSignInRepository.countIssuedSince(tx, account.id, purpose, since)) >= EMAILS_PER_WINDOW) {
    return undefined;
  }
  await oneTimeTokensRepository.revokeUnused(tx, account.id, purpose);
  return account;
}

// Besides the per-account cap, one address may ask for at most the throttle's address limit of
// codes and links (50 per 15 minutes) across all e-mails, so it cannot make the product mail
// everyone; beyond it the answer is 429, the same for every e-mail.
export async function countEmailRequest(tx: Tx, tenantId: string, client: ClientInfo): Promise<void> {
  const subject = { purpose: 'email_request', address: client.ipAddress } as const;
  await signInThrottle.assertAllowed(tx, tenantId, subject);
  await signInThrottle.recordFailure(tx, tenantId, subject);
}
