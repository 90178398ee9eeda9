import {
  API_TOKEN_PATHS,
  ApiErrorSchema,
  ApiTokenCreatedSchema,
  ApiTokenCreateSchema,
  ApiTokenSchema,
  ApiTokensPageSchema,
  ImpersonationErrorSchema,
  PageQuerySchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

const tags = ['administration'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 434: ImpersonationErrorSchema };
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// Only a person in their own session manages tokens: never a token (sessionOnly), never on someone's
// behalf (docs/security.md "API tokens").
const read: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' }, sessionOnly: true };
const write: FastifyContextConfig = { ...read, forbiddenWhileImpersonating: true };

// Settings > API tokens (issue 19): integration tokens another system sends as a bearer token.
export async function apiTokensRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API_TOKEN_PATHS.tokens,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's API tokens, newest first (never their secrets)",
        querystring: PageQuerySchema,
        response: { 200: ApiTokensPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listApiTokens(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    API_TOKEN_PATHS.tokens,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an API token with scopes from your own permissions; the secret is answered once',
        body: ApiTokenCreateSchema,
        response: { 201: ApiTokenCreatedSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(userContext(request), request.body, request.ip);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.post(
    '/api/v1/admin/api-tokens/:id/revoke/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Revoke an API token: refused from the next request on',
        params: IdParams,
        response: { 200: ApiTokenSchema, ...writeErrors },
      },
    },
    async (request) => revokeApiToken(userContext(request), request.params.id, request.ip),
  );
}
