import {
  ApiErrorSchema,
  IMPERSONATION_ERROR_TAGS,
  ImpersonateRequestSchema,
  ImpersonationErrorSchema,
  UserSchema,
} from '@attest/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../platform/auth/client-info.js';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session-cookies.js';
import { rotateCsrfToken } from '../../platform/auth/session-hook.js';
import type { OpenedSession } from '../../platform/auth/sign-in.js';
import { NotAuthenticatedError } from '../../platform/errors.js';
import { userContext } from '../../platform/request-context.js';
import { startImpersonation, stopImpersonation } from './impersonation.service.js';

const tags = ['impersonation'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  434: ImpersonationErrorSchema,
};

// Spec 1 section 4, Impersonation. Both calls answer the user now behind the session, with a new
// session cookie and CSRF token (a new session id at every start and stop).
export async function impersonationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/users/impersonate/',
    {
      config: {
        access: { permission: 'can_impersonate_users' },
        forbiddenWhileImpersonating: IMPERSONATION_ERROR_TAGS.nested,
      },
      schema: {
        tags,
        summary: 'Act as another user of the tenant',
        body: ImpersonateRequestSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const opened = await startImpersonation(
        userContext(request),
        request.body.user_id,
        clientInfo(request),
      );
      return enterSession(request, reply, opened);
    },
  );

  api.post(
    '/api/v1/users/stop_impersonation/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Stop acting as another user and return to their own account',
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const opened = await stopImpersonation(userContext(request), clientInfo(request));
      if (opened) return enterSession(request, reply, opened);
      // The administrator's own session ended meanwhile: nobody is signed in any more.
      clearSessionCookie(reply);
      request.auth = null;
      rotateCsrfToken(request);
      throw new NotAuthenticatedError();
    },
  );
}

// The response's hooks then see the new session: its CSRF cookie, and the impersonator-id header
// from the start of an impersonation and no longer after its end.
function enterSession(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession) {
  setSessionCookie(reply, opened.token, opened.expiresAt);
  request.auth = opened.auth;
  return opened.user;
}
