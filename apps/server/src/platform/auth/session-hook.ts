import { CSRF_COOKIE, SESSION_COOKIE } from '@attest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AuthState } from '../request-context.js';
import { withTenant } from '../tenant-transaction.js';
import { bearerTokenOf } from './bearer-token.js';
import { setGrantsCacheTtl } from './grants-cache.js';
import { createSessionCache, type LoadedSession } from './session-cache.js';
import { setCsrfCookie } from './session-cookies.js';
import { hashToken, newToken } from './session-token.js';
import { sessionsRepository, toAuthState } from './sessions.repository.js';

// Sessions are touched at most this often, so reads do not turn every request into a write; the idle
// timeout is therefore exact to within a minute.
const TOUCH_INTERVAL_MS = 60 * 1000;

export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const cache = createSessionCache(app.config.SESSION_CACHE_TTL_MS);
  setGrantsCacheTtl(app.config.SESSION_CACHE_TTL_MS);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const tenant = request.tenant;
    // A bearer request is its API token's alone (api-token-hook.ts), whatever cookie it carries.
    if (!tenant || !token || bearerTokenOf(request) !== null) return;
    const tokenHash = hashToken(token);
    request.auth = await cache.find(tenant.id, tokenHash, () => loadSession(app.db, tenant.id, tokenHash));
  });

  // Keep the readable CSRF cookie in step: the session's token when signed in, otherwise a
  // pre-session token for the login form (a fresh one after sign-out).
  app.addHook('onSend', async (request, reply) => {
    if (!request.tenant || bearerTokenOf(request) !== null) return;
    const current = rotated.has(request) ? undefined : request.cookies[CSRF_COOKIE];
    const wanted = request.auth?.csrfToken ?? current ?? newToken();
    if (wanted !== request.cookies[CSRF_COOKIE]) setCsrfCookie(reply, wanted);
  });
}

// The live session a session cookie's token opens in a tenant (null when none), for HTTP requests
// and for real-time handshakes alike.
export async function sessionOfToken(db: Db, tenantId: string, token: string): Promise<AuthState | null> {
  return (await loadSession(db, tenantId, hashToken(token)))?.auth ?? null;
}

function loadSession(db: Db, tenantId: string, tokenHash: Buffer): Promise<LoadedSession | null> {
  return withTenant(db, tenantId, async (tx) => {
    const row = await sessionsRepository.findActive(tx, tokenHash);
    if (!row) return null;
    let lastSeen = row.last_seen_at.getTime();
    if (Date.now() - lastSeen > TOUCH_INTERVAL_MS) {
      await sessionsRepository.touch(tx, row.session_id);
      lastSeen = Date.now();
    }
    const auth = toAuthState(row, tokenHash, await sessionsRepository.permissionsOf(tx, row.id));
    // An impersonation also ends with the administrator's own session: read every time.
    const cacheableUntil = auth.impersonator
      ? 0
      : Math.min(
          row.expires_at.getTime(),
          lastSeen + row.session_idle_minutes * 60_000,
          lastSeen + TOUCH_INTERVAL_MS,
        );
    return { auth, cacheableUntil };
  });
}

const rotated = new WeakSet<FastifyRequest>();

// Sign-out: the response carries a new pre-session CSRF token instead of the ended session's.
export function rotateCsrfToken(request: FastifyRequest): void {
  rotated.add(request);
}
