import type { LoginResponse } from '@attest/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from './session-cookies.js';
import type { SignInOutcome } from './sign-in.js';

export const MFA_CHALLENGE_COOKIE = 'mfa_challenge';

// Turns a sign-in outcome into the spec's answer: the user with a session cookie, or
// `mfa.requires_mfa_verification` with the pending challenge kept in an httpOnly cookie.
export function sendSignInOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
): LoginResponse {
  if (outcome.kind === 'mfa_required') {
    reply.setCookie(MFA_CHALLENGE_COOKIE, outcome.challengeToken, {
      path: '/api/',
      httpOnly: true,
      sameSite: 'strict',
      secure: reply.server.config.COOKIE_SECURE,
      expires: outcome.expiresAt,
    });
    return { mfa: { requires_mfa_verification: true } };
  }
  setSessionCookie(reply, outcome.token, outcome.expiresAt);
  request.auth = outcome.auth;
  return outcome.user;
}
