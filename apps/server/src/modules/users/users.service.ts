import {
  DEFAULT_LOCALE,
  type LoginRequest,
  PERMISSION_CODENAMES,
  type PermissionsResponse,
  SERVER_MESSAGES,
  type User,
} from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { currentUserDto } from '../../platform/auth/current-user.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../platform/auth/sign-in.js';
import { signInThrottle, type ThrottleSubject } from '../../platform/auth/sign-in-throttle.js';
import { AuthenticationFailedError, BadRequestError } from '../../platform/errors.js';
import type { TenantContext, UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { ssoProvidersRepository } from '../auth/index.js';
import { configurationRepository } from '../configuration/index.js';
import { endImpersonationAtSignOut } from '../impersonation/index.js';
import { type LoginDeps, passwordRefused } from './login-failure.js';
import { usersRepository } from './users.repository.js';

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
    return { account: await usersRepository.findForLogin(tx, input.email), attempt };
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

export function currentUser(ctx: UserContext): Promise<User> {
  return withTenant(ctx.db, ctx.tenant.id, (tx) => currentUserDto(tx, ctx.tenant, ctx.auth));
}

// A session opened through single sign-on answers the provider's logout address (spec 1 section 4),
// so the web app can end the provider's session too.
export async function logout(
  ctx: TenantContext,
  tokenHash: Buffer | null,
  client: ClientInfo,
): Promise<{ redirect_url: string | null }> {
  if (!tokenHash) return { redirect_url: null };
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const session = await sessionsRepository.findByTokenHash(tx, tokenHash);
    if (session) {
      await endImpersonationAtSignOut(tx, ctx.tenant.id, session);
      await recordAudit(tx, {
        tenantId: ctx.tenant.id,
        action: 'session.signed_out',
        actorUserId: session.impersonator_user_id ?? session.user_id,
        targetUserId: session.user_id,
        details: { session_id: session.id, method: session.auth_method },
        ipAddress: client.ipAddress,
      });
    }
    const redirectUrl =
      session?.auth_method === 'sso' ? await ssoProvidersRepository.logoutUrlFor(tx, session.user_id) : null;
    await sessionsRepository.delete(tx, tokenHash);
    return { redirect_url: redirectUrl };
  });
}

export function permissionsOf(ctx: UserContext): PermissionsResponse {
  return { objects: Object.fromEntries(PERMISSION_CODENAMES.map((c) => [c, ctx.auth.permissions.has(c)])) };
}

export async function changePreferedLanguage(ctx: UserContext, language: string): Promise<string> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const config = await configurationRepository.find(tx, ctx.tenant.id);
    const supported = config?.supported_languages ?? [DEFAULT_LOCALE];
    const match = supported.find((code) => code.toLowerCase() === language.toLowerCase());
    if (!match) {
      throw new BadRequestError(SERVER_MESSAGES.unsupportedLanguage, {
        to_language: [SERVER_MESSAGES.unsupportedLanguage],
      });
    }
    await usersRepository.updateLanguage(tx, ctx.auth.user.id, match);
    return match;
  });
}

export async function setTimezone(ctx: UserContext, timezone: string): Promise<string> {
  if (!isKnownTimeZone(timezone)) {
    throw new BadRequestError(SERVER_MESSAGES.invalidTimezone, {
      timezone: [SERVER_MESSAGES.invalidTimezone],
    });
  }
  await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    usersRepository.updateTimezone(tx, ctx.auth.user.id, timezone),
  );
  return timezone;
}

function isKnownTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
