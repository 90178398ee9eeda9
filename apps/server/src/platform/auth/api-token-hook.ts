import {
  API_TOKEN_ERROR_CODES,
  API_TOKEN_MESSAGES,
  API_TOKEN_UNGRANTABLE,
  isPermissionCodename,
  type PermissionCodename,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, ForbiddenError } from '../errors.js';
import type { AuthState } from '../request-context.js';
import { withTenant } from '../tenant-transaction.js';
import { type ApiTokenRefusal, createApiTokenRefusals } from './api-token-refusals.js';
import { parseApiToken, sameHash } from './api-token-secret.js';
import { type ApiTokenAuthRow, apiTokenAuthRepository } from './api-tokens.repository.js';
import { API_TOKEN_AUTH_METHOD, bearerTokenOf, isApiTokenAuth } from './bearer-token.js';
import { createSessionCache, type LoadedSession } from './session-cache.js';
import { sessionsRepository } from './sessions.repository.js';

// last_used_at is written at most this often, so a busy integration does not write on every read.
const TOUCH_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Issue 19: `Authorization: Bearer att_...` signs a request in as the token's creator, with the
// token's scopes intersected with the creator's permissions as they are now. Registered after the
// sessions (a bearer request ignores the cookie) and before CSRF (which a bearer request skips: a
// browser never adds this header to a cross-site request by itself).
export function registerApiTokens(app: FastifyInstance): void {
  // Forgotten like sessions: at once on a change in this process (revocation, permissions, users).
  const cache = createSessionCache(app.config.SESSION_CACHE_TTL_MS);
  const noteRefusal = createApiTokenRefusals(app.db, app.log);

  app.addHook('onRequest', async (request, reply) => {
    const token = bearerTokenOf(request);
    const tenant = request.tenant;
    if (token === null || !tenant) return;
    request.auth = null;
    const parsed = parseApiToken(token);
    let refusal: Omit<ApiTokenRefusal, 'tenantId' | 'ip'> = { reason: 'malformed', publicId: null };
    if (parsed) {
      const key = Buffer.concat([Buffer.from(parsed.publicId), parsed.hash]);
      request.auth = await cache.find(tenant.id, key, async () => {
        const outcome = await loadToken(app.db, tenant.id, parsed.publicId, parsed.hash);
        if ('refusal' in outcome) refusal = outcome.refusal;
        return 'loaded' in outcome ? outcome.loaded : null;
      });
    }
    if (request.auth) return;
    await noteRefusal({ ...refusal, tenantId: tenant.id, ip: request.ip });
    // The same answer whatever the reason: the API never confirms that a token exists.
    reply.header('www-authenticate', 'Bearer error="invalid_token"');
    throw new AppError(401, API_TOKEN_ERROR_CODES.invalidToken, API_TOKEN_MESSAGES.invalidToken);
  });

  app.addHook('preValidation', async (request) => {
    if (isApiTokenAuth(request.auth) && !apiTokenMayCall(request.routeOptions.config, request.method)) {
      throw new ForbiddenError(API_TOKEN_MESSAGES.notAllowed, API_TOKEN_ERROR_CODES.notAllowed);
    }
  });
}

// What a token may never do, whatever its scopes (docs/security.md "API tokens"): what a person must
// do themselves (forbiddenWhileImpersonating: password, MFA, invitations, impersonation, sessions,
// administration writes), any change under 'Can access admin settings' (all settings pages, however
// their routes are marked), and the token routes themselves (sessionOnly), so a token cannot mint
// or revoke tokens.
export function apiTokenMayCall(config: FastifyContextConfig, method: string): boolean {
  if (config.forbiddenWhileImpersonating || config.sessionOnly) return false;
  const { access } = config;
  const adminWrite =
    typeof access === 'object' &&
    access.permission === 'can_access_admin_settings' &&
    !SAFE_METHODS.has(method);
  return !adminWrite;
}

type LoadOutcome = { loaded: LoadedSession } | { refusal: Omit<ApiTokenRefusal, 'tenantId' | 'ip'> };

function loadToken(db: Db, tenantId: string, publicId: string, hash: Buffer): Promise<LoadOutcome> {
  return withTenant(db, tenantId, async (tx) => {
    const row = await apiTokenAuthRepository.findByPublicId(tx, publicId);
    if (!row) return { refusal: { reason: 'unknown', publicId } };
    const token = { id: row.token_id, name: row.token_name, creatorId: row.id };
    const reason = !sameHash(row.token_hash, hash)
      ? 'wrong_secret'
      : row.revoked_at
        ? 'revoked'
        : row.expired
          ? 'expired'
          : !row.is_active
            ? 'creator_inactive'
            : null;
    if (reason) return { refusal: { reason, publicId, token } };
    let lastUsed = row.last_used_at?.getTime() ?? 0;
    if (Date.now() - lastUsed > TOUCH_INTERVAL_MS) {
      await apiTokenAuthRepository.touch(tx, row.token_id);
      lastUsed = Date.now();
    }
    const held = await sessionsRepository.permissionsOf(tx, row.id);
    return {
      loaded: {
        auth: toTokenAuthState(row, hash, tokenPermissions(row.scopes, held)),
        cacheableUntil: Math.min(row.expires_at.getTime(), lastUsed + TOUCH_INTERVAL_MS),
      },
    };
  });
}

// Never more than the creator holds now: a permission they lose, the token loses too.
export function tokenPermissions(
  scopes: readonly string[],
  held: ReadonlySet<PermissionCodename>,
): Set<PermissionCodename> {
  return new Set(
    scopes.filter(isPermissionCodename).filter((s) => held.has(s) && !API_TOKEN_UNGRANTABLE.includes(s)),
  );
}

// A token acts as its creator would in a session of their own: their visibility (regions, business
// units) and name in activity logs; no session, no CSRF token, never an impersonation.
function toTokenAuthState(
  row: ApiTokenAuthRow,
  hash: Buffer,
  permissions: ReadonlySet<PermissionCodename>,
): AuthState {
  return {
    sessionId: '',
    tokenHash: hash,
    csrfToken: '',
    authMethod: API_TOKEN_AUTH_METHOD,
    mfaVerified: true,
    mfaEnrolmentRequired: false,
    impersonator: null,
    user: {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      kind: row.kind,
      prefered_language: row.prefered_language,
      timezone: row.timezone,
      user_profile_workflow_id: row.user_profile_workflow_id,
    },
    permissions,
  };
}
