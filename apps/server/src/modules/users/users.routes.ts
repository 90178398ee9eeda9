import {
  ApiErrorSchema,
  ChangeLanguageRequestSchema,
  ChangeLanguageResponseSchema,
  LogoutResponseSchema,
  PermissionsResponseSchema,
  SetTimezoneRequestSchema,
  SetTimezoneResponseSchema,
  UserSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../platform/auth/client-info.js';
import { clearSessionCookie } from '../../platform/auth/session-cookies.js';
import { rotateCsrfToken } from '../../platform/auth/session-hook.js';
import { tenantContext, userContext } from '../../platform/request-context.js';
import { changePreferedLanguage, currentUser, logout, permissionsOf, setTimezone } from './users.service.js';

const tags = ['users'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/users/me/',
    {
      config: { access: 'authenticated', allowDuringMfaEnrolment: true },
      schema: {
        tags,
        summary: 'The signed-in user',
        querystring: z.object({ format: z.literal('json').optional() }),
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => currentUser(userContext(request)),
  );

  // A GET, as the spec's client calls it; ending one's own session is the only effect.
  api.get(
    '/api/v1/users/logout/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out', response: { 200: LogoutResponseSchema } },
    },
    async (request, reply) => {
      const result = await logout(
        tenantContext(request),
        request.auth?.tokenHash ?? null,
        clientInfo(request),
      );
      clearSessionCookie(reply);
      request.auth = null;
      rotateCsrfToken(request);
      return result;
    },
  );

  api.get(
    '/api/v1/users/permissions/',
    {
      config: { access: 'authenticated', allowDuringMfaEnrolment: true },
      schema: {
        tags,
        summary: "The user's permissions by codename",
        response: { 200: PermissionsResponseSchema, ...errors },
      },
    },
    async (request) => permissionsOf(userContext(request)),
  );

  api.post(
    '/api/v1/users/change_prefered_language/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        body: ChangeLanguageRequestSchema,
        response: { 200: ChangeLanguageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      prefered_language: await changePreferedLanguage(userContext(request), request.body.to_language),
    }),
  );

  api.post(
    '/api/v1/users/set_user_timezone/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        body: SetTimezoneRequestSchema,
        response: { 200: SetTimezoneResponseSchema, ...errors },
      },
    },
    async (request) => ({ timezone: await setTimezone(userContext(request), request.body.timezone) }),
  );
}
