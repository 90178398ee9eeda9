import {
  ApiErrorSchema,
  ImpersonationErrorSchema,
  PageQuerySchema,
  SsoProviderCreateSchema,
  SsoProviderSchema,
  SsoProvidersPageSchema,
  SsoProviderUpdateSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../../platform/page-response.js';
import {
  createSsoProvider,
  deleteSsoProvider,
  getSsoProvider,
  listSsoProviders,
  updateSsoProvider,
} from './sso-admin.service.js';
import { type SsoRouteDeps, ssoAdminContext } from './sso-context.js';

const tags = ['single sign-on'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 434: ImpersonationErrorSchema };
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const read: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' } };
const write: FastifyContextConfig = { ...read, forbiddenWhileImpersonating: true };

// The tenant's OpenID Connect providers. The client secret is accepted, sealed, and never answered.
export async function ssoAdminRoutes(app: FastifyInstance, deps: SsoRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/admin/sso-providers/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Single sign-on providers',
        querystring: PageQuerySchema,
        response: { 200: SsoProvidersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listSsoProviders(ssoAdminContext(request, deps.secretBox), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    '/api/v1/admin/sso-providers/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a single sign-on provider',
        body: SsoProviderCreateSchema,
        response: { 201: SsoProviderSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const provider = await createSsoProvider(ssoAdminContext(request, deps.secretBox), request.body);
      return reply.status(201).send(provider);
    },
  );

  api.get(
    '/api/v1/admin/sso-providers/:id/',
    {
      config: read,
      schema: {
        tags,
        summary: 'A single sign-on provider',
        params: IdParams,
        response: { 200: SsoProviderSchema, ...errors },
      },
    },
    async (request) => getSsoProvider(ssoAdminContext(request, deps.secretBox), request.params.id),
  );

  api.patch(
    '/api/v1/admin/sso-providers/:id/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a single sign-on provider (a missing client_secret keeps the stored one)',
        params: IdParams,
        body: SsoProviderUpdateSchema,
        response: { 200: SsoProviderSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateSsoProvider(ssoAdminContext(request, deps.secretBox), request.params.id, request.body),
  );

  api.delete(
    '/api/v1/admin/sso-providers/:id/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a single sign-on provider and the identities linked through it',
        params: IdParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteSsoProvider(ssoAdminContext(request, deps.secretBox), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
