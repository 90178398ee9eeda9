import {
  DEFAULT_LOCALE,
  PERMISSION_CODENAMES,
  type PermissionsResponse,
  SERVER_MESSAGES,
  type User,
} from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { currentUserDto } from '../../platform/auth/current-user.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import type { ClientInfo } from '../../platform/auth/sign-in.js';
import { BadRequestError } from '../../platform/errors.js';
import type { TenantContext, UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { ssoProvidersRepository } from '../auth/index.js';
import { configurationRepository } from '../configuration/index.js';
import { endImpersonationAtSignOut } from '../impersonation/index.js';
import { usersRepository } from './users.repository.js';

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
