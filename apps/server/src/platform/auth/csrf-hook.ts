import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../errors.js';
import { isTenantApiRequest } from '../tenancy/tenancy-hook.js';
import { isApiTokenAuth } from './bearer-token.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Every write must echo the CSRF token in X-CSRFToken. Signed in, the token is the one bound to the
// session; before sign-in it must match the pre-session cookie. Cross-site writes are refused outright.
// A request signed in by an API token needs none: its bearer header is what a forged cross-site
// request cannot carry (issue 19).
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isTenantApiRequest(request)) return;
    if (isApiTokenAuth(request.auth)) return;
    const refuse = () => new ForbiddenError(SERVER_MESSAGES.csrfFailed, ERROR_CODES.csrfFailed);
    if (request.headers['sec-fetch-site'] === 'cross-site') throw refuse();
    const sent = request.headers[CSRF_HEADER];
    const expected = request.auth?.csrfToken ?? request.cookies[CSRF_COOKIE];
    if (typeof sent !== 'string' || !expected || !sameToken(sent, expected)) throw refuse();
  });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
