import type { FastifyRequest } from 'fastify';
import type { AuthState } from '../request-context.js';

// How a request signed in through an API token reads in its AuthState.
export const API_TOKEN_AUTH_METHOD = 'api_token';

// The token of `Authorization: Bearer <token>`, or null when the request carries none. With one, the
// session cookie is ignored: the request is the token's alone (api-token-hook.ts).
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function isApiTokenAuth(auth: AuthState | null): boolean {
  return auth?.authMethod === API_TOKEN_AUTH_METHOD;
}
