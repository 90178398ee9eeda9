import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readingPrimary } from './read-only.js';

// Set on the answer to every successful write, for as long as the replica may lag: while a browser
// holds it, its reads stay on the primary, on whichever API process they land, so a person always
// sees what they just changed (a count, a report) even before the replica has replayed it.
export const RECENT_WRITE_COOKIE = 'attest_recent_write';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// A route may declare that its write method writes nothing (config.readOnly).
const writes = (request: FastifyRequest) =>
  WRITE_METHODS.has(request.method) && !request.routeOptions.config?.readOnly;

// Registered only with a replica (app.ts): without one every read is on the primary anyway.
export function registerReadYourWrites(app: FastifyInstance, maxLagMs: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // The rest of the request runs inside readingPrimary, so withTenantReadOnly skips the replica.
    if (writes(request) || request.cookies[RECENT_WRITE_COOKIE]) readingPrimary(done);
    else done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (!writes(request) || reply.statusCode >= 400) return;
    reply.setCookie(RECENT_WRITE_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: reply.server.config.COOKIE_SECURE,
      // A replica is read only while it lags less than maxLagMs: past that it holds this write.
      maxAge: Math.ceil(maxLagMs / 1000) + 1,
    });
  });
}
