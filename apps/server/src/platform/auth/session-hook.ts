import { CSRF_COOKIE, SESSION_COOKIE } from '@attest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AuthState } from '../request-context.js';
import { withTenant } from '../tenant-transaction.js';
import { setCsrfCookie } from './session-cookies.js';
import { hashToken, newToken } from './session-token.js';
import { sessionsRepository, toAuthState } from './sessions.repository.js';

// Sessions are touched at most this often, so reads do not turn every request into a write; the idle
// timeout is therefore exact to within a minute.
const TOUCH_INTERVAL_MS = 60 * 1000;

export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!request.tenant || !token) return;
    request.auth = await sessionOfToken(app.db, request.tenant.id, token);
  });

  // Keep the readable CSRF cookie in step: the session's token when signed in, otherwise a
  // pre-session token for the login form (a fresh one after sign-out).
  app.addHook('onSend', async (request, reply) => {
    if (!request.tenant) return;
    const current = rotated.has(request) ? undefined : request.cookies[CSRF_COOKIE];
    const wanted = request.auth?.csrfToken ?? current ?? newToken();
    if (wanted !== request.cookies[CSRF_COOKIE]) setCsrfCookie(reply, wanted);
  });
}

// The live session a session cookie's token opens in a tenant (null when none), for HTTP requests
// and for real-time handshakes alike.
export function sessionOfToken(db: Db, tenantId: string, token: string): Promise<AuthState | null> {
  const tokenHash = hashToken(token);
  return withTenant(db, tenantId, async (tx) => {
    const row = await sessionsRepository.findActive(tx, tokenHash);
    if (!row) return null;
    if (Date.now() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await sessionsRepository.touch(tx, row.session_id);
    }
    return toAuthState(row, tokenHash, await sessionsRepository.permissionsOf(tx, row.id));
  });
}

const rotated = new WeakSet<FastifyRequest>();

// Sign-out: the response carries a new pre-session CSRF token instead of the ended session's.
export function rotateCsrfToken(request: FastifyRequest): void {
  rotated.add(request);
}
