import {
  API_TOKEN_ERROR_CODES,
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_MESSAGES,
  API_TOKEN_UNGRANTABLE,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  isPermissionCodename,
  type PageQuery,
} from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { apiTokenPrefix, newApiToken } from '../../platform/auth/api-token-secret.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type ApiTokenPageRow, apiTokensRepository } from './api-tokens.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function listApiTokens(
  ctx: UserContext,
  page: PageQuery,
): Promise<{ rows: ApiToken[]; count: number }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await apiTokensRepository.page(tx, page);
    return { rows: rows.map(toApiToken), count };
  });
}

// The secret is in this answer only: the database keeps its SHA-256, the audit trail its name.
export function createApiToken(
  ctx: UserContext,
  input: ApiTokenCreate,
  ip: string | null,
): Promise<ApiTokenCreated> {
  assertScopesGrantable(ctx, input.scopes);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // Issue 19: while the tenant requires MFA, only a session that passed a second factor mints a
    // token (a password-only session from before the requirement, or a stolen password, cannot leave
    // a credential behind that skips MFA). Tokens made earlier keep working: docs/administration.md.
    const policy = await sessionsRepository.policyOf(tx, ctx.tenant.id);
    if (policy?.require_mfa && !ctx.auth.mfaVerified) {
      throw new AppError(403, API_TOKEN_ERROR_CODES.mfaRequired, API_TOKEN_MESSAGES.mfaRequired);
    }
    if ((await apiTokensRepository.countActive(tx)) >= API_TOKEN_MAX_ACTIVE) {
      throw new AppError(400, API_TOKEN_ERROR_CODES.tooManyActive, API_TOKEN_MESSAGES.tooManyActive);
    }
    const secret = newApiToken();
    const expiresAt = new Date(Date.now() + input.expires_in_days * DAY_MS);
    const { id } = await apiTokensRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      publicId: secret.publicId,
      name: input.name,
      createdBy: ctx.auth.user.id,
      scopes: input.scopes,
      tokenHash: secret.hash,
      expiresAt,
    });
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'api_token.created',
      actorUserId: ctx.auth.user.id,
      details: {
        token_id: Number(id),
        name: input.name,
        scopes: input.scopes,
        expires_at: expiresAt.toISOString(),
      },
      ipAddress: ip,
    });
    return { ...toApiToken(await apiTokensRepository.listedById(tx, id)), token: secret.token };
  });
}

// Any administrator may revoke any token of the tenant (a leaked one must not wait for its creator).
export function revokeApiToken(ctx: UserContext, tokenId: number, ip: string | null): Promise<ApiToken> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const id = String(tokenId);
    const token = await apiTokensRepository.find(tx, id);
    if (!token) throw new NotFoundError();
    if (token.revoked_at) {
      throw new AppError(400, API_TOKEN_ERROR_CODES.alreadyRevoked, API_TOKEN_MESSAGES.alreadyRevoked);
    }
    await apiTokensRepository.revoke(tx, id, ctx.auth.user.id);
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'api_token.revoked',
      actorUserId: ctx.auth.user.id,
      targetUserId: token.created_by,
      details: { token_id: tokenId, name: token.name },
      ipAddress: ip,
    });
    return toApiToken(await apiTokensRepository.listedById(tx, id));
  });
}

// Scopes come from the creator's own permissions, as they hold them now; impersonation never.
function assertScopesGrantable(ctx: UserContext, scopes: readonly string[]): void {
  const ungrantable = scopes.filter((s) => API_TOKEN_UNGRANTABLE.some((u) => u === s));
  const notHeld = scopes.filter((s) => !isPermissionCodename(s) || !ctx.auth.permissions.has(s));
  const message =
    ungrantable.length > 0 ? API_TOKEN_MESSAGES.scopeUngrantable : API_TOKEN_MESSAGES.scopeNotHeld;
  if (ungrantable.length > 0 || notHeld.length > 0) throw new BadRequestError(message, { scopes: [message] });
}

function toApiToken(row: ApiTokenPageRow): ApiToken {
  const status = row.revoked_at ? 'revoked' : row.expires_at.getTime() <= Date.now() ? 'expired' : 'active';
  return {
    id: Number(row.id),
    name: row.name,
    prefix: apiTokenPrefix(row.public_id),
    scopes: row.scopes.filter(isPermissionCodename),
    creator:
      row.creator_id === null
        ? null
        : {
            id: Number(row.creator_id),
            email: row.creator_email ?? '',
            name: `${row.creator_first_name ?? ''} ${row.creator_last_name ?? ''}`.trim(),
          },
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    status,
  };
}
