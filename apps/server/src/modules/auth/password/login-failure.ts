import type { Config } from '../../../config.js';
import type { ClientInfo } from '../../../platform/auth/sign-in.js';
import { auditLockout, auditSignInFailure } from '../../../platform/auth/sign-in-audit.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { tenantPublicUrl } from '../../../platform/mail/public-url.js';
import { lockoutNoticeEmail } from '../../../platform/mail/security-notice.js';
import type { TenantContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { ssoProvidersRepository } from '../sso/sso-providers.repository.js';
import type { LoginAccount } from './password.repository.js';

export type LoginDeps = { mail: Mailer; config: Config };

// The web's page that e-mails a one-time code (and links to the magic-link one).
const EMAIL_SIGN_IN_PAGE = '/login/code';

type Account = Pick<LoginAccount, 'id' | 'email' | 'first_name' | 'is_active'>;

// A refused password: recorded for administrators; when this failure locked the account, its owner
// is told once, with the ways in that the lock does not stop (NIST SP 800-63B 5.2.2).
export async function passwordRefused(
  ctx: TenantContext,
  deps: LoginDeps,
  failure: { account: Account | undefined; lockedUntil: Date | null; client: ClientInfo },
): Promise<void> {
  const { account, lockedUntil, client } = failure;
  const queued = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // An unknown e-mail is recorded without it: what was typed may be a password.
    const who = { tenantId: ctx.tenant.id, userId: account?.id ?? null, ipAddress: client.ipAddress };
    const reason = !account ? 'unknown_account' : account.is_active ? 'wrong_password' : 'inactive_account';
    await auditSignInFailure(tx, who, { method: 'password', reason });
    if (!lockedUntil) return [];
    await auditLockout(tx, who, { method: 'password', lockedUntil });
    if (!account?.is_active) return [];
    const ssoAvailable = (await ssoProvidersRepository.listEnabled(tx)).length > 0;
    const email = lockoutNoticeEmail(ctx.tenant, account, {
      lockedUntil,
      ipAddress: client.ipAddress,
      emailSignInUrl: tenantPublicUrl(deps.config, ctx.tenant.slug, EMAIL_SIGN_IN_PAGE),
      ssoAvailable,
    });
    return [await deps.mail.queue(tx, ctx.tenant.id, email)];
  });
  await deps.mail.dispatch(queued);
}
