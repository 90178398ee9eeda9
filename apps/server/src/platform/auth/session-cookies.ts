import { CSRF_COOKIE, SESSION_COOKIE } from '@attest/shared';
import type { FastifyReply } from 'fastify';

// Host-only cookies (no Domain attribute): one tenant's cookie never reaches another tenant's host.
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.COOKIE_SECURE,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

// Readable by the web app, which echoes it in the X-CSRFToken header on every write.
export function setCsrfCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: reply.server.config.COOKIE_SECURE,
  });
}
