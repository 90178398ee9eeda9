import {
  DEFAULT_LOCALE,
  type LoginRequest,
  PERMISSION_CODENAMES,
  type PermissionsResponse,
  SERVER_MESSAGES,
  type User,
} from '@attest/shared';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { hashToken, newToken } from '../../platform/auth/session-token.js';
import { sessionsRepository, toAuthState } from '../../platform/auth/sessions.repository.js';
import { AuthenticationFailedError, BadRequestError } from '../../platform/errors.js';
import type { AuthState, TenantContext, UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { configurationRepository } from '../configuration/configuration.repository.js';
import { toUserDto } from './user-dto.js';
import { usersRepository } from './users.repository.js';

export type SignedIn = { token: string; expiresAt: Date; auth: AuthState; user: User };

export async function login(
  ctx: TenantContext,
  input: LoginRequest,
  client: { userAgent: string | null; ipAddress: string | null; ttlHours: number },
): Promise<SignedIn> {
  const account = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    usersRepository.findForLogin(tx, input.email),
  );
  // Hashing happens outside any transaction; the same answer for an unknown e-mail and a wrong password.
  const valid = await verifyPassword(account?.password_hash ?? null, input.password);
  if (!account?.is_active || !valid) throw new AuthenticationFailedError();

  // A new session, with a new id and CSRF token, at every sign-in.
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + client.ttlHours * 3600_000);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await sessionsRepository.create(tx, {
      tenantId: ctx.tenant.id,
      userId: account.id,
      tokenHash,
      csrfToken: newToken(),
      expiresAt,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ipAddress: client.ipAddress,
    });
    const row = await sessionsRepository.findActive(tx, tokenHash);
    if (!row) throw new AuthenticationFailedError();
    const auth = toAuthState(row, tokenHash, await sessionsRepository.permissionsOf(tx, account.id));
    const groups = await usersRepository.groupsOf(tx, account.id);
    return { token, expiresAt, auth, user: toUserDto(ctx.tenant, auth, groups) };
  });
}

export async function currentUser(ctx: UserContext): Promise<User> {
  const groups = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    usersRepository.groupsOf(tx, ctx.auth.user.id),
  );
  return toUserDto(ctx.tenant, ctx.auth, groups);
}

export async function logout(ctx: TenantContext, tokenHash: Buffer | null): Promise<{ redirect_url: null }> {
  if (tokenHash) await withTenant(ctx.db, ctx.tenant.id, (tx) => sessionsRepository.delete(tx, tokenHash));
  return { redirect_url: null };
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
