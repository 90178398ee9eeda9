import { CLAIM_TOKEN_TTL_SECONDS, ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import { safeNextPath } from '../../../platform/auth/next-path.js';
import { oneTimeTokensRepository } from '../../../platform/auth/one-time-tokens.repository.js';
import { hashToken, newToken } from '../../../platform/auth/session-token.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../../platform/auth/sign-in.js';
import { AppError } from '../../../platform/errors.js';
import type { TenantContext, UserContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';

// A signed-in view hands its session to another view (the chart-export page, a link it sends) as a
// short-lived single-use token. The token carries whether this session had passed MFA, so the
// claiming view is asked for MFA exactly when the minting one would have been.
export async function mintClaimToken(
  ctx: UserContext,
  input: { next?: string | null },
): Promise<{ token: string; expires_at: string }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + CLAIM_TOKEN_TTL_SECONDS * 1000);
  await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    oneTimeTokensRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      userId: ctx.auth.user.id,
      purpose: 'claim_token',
      tokenHash: hashToken(token),
      expiresAt,
      nextPath: safeNextPath(input.next),
      mfaVerified: ctx.auth.mfaVerified,
    }),
  );
  return { token, expires_at: expiresAt.toISOString() };
}

export async function claimToken(
  ctx: TenantContext,
  token: string,
  client: ClientInfo,
): Promise<{ outcome: SignInOutcome; nextPath: string | null }> {
  const used = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    oneTimeTokensRepository.consume(tx, 'claim_token', hashToken(token)),
  );
  if (!used) throw new AppError(400, ERROR_CODES.tokenExpired, SERVER_MESSAGES.claimTokenExpired);
  const outcome = await completeFirstFactor(ctx, {
    userId: used.user_id,
    firstFactor: 'claim_token',
    client,
    nextPath: used.next_path,
    mfaVerified: used.mfa_verified,
  });
  return { outcome, nextPath: used.next_path };
}
