import {
  ApiErrorSchema,
  BrandingSchema,
  CONFIGURATION_PATHS,
  ImpersonationErrorSchema,
  LanguageSettingsSchema,
  LOGO_MAX_BYTES,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStore } from '../../platform/files/file-store.js';
import { declaredSize, streamBodiesUnparsed } from '../../platform/files/streamed-upload.js';
import { tenantContext, userContext } from '../../platform/request-context.js';
import { getLanguages, updateLanguages } from './languages.service.js';
import { openLogo, uploadLogo } from './logo.service.js';

const tags = ['configuration'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const readSettings: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' } };
// Administration is never done on someone else's behalf.
const writeSettings: FastifyContextConfig = { ...readSettings, forbiddenWhileImpersonating: true };

export type SettingsRouteDeps = { files: FileStore };

// Issue 19: Settings > Branding's logo upload and Settings > Languages.
export async function configurationSettingsRoutes(app: FastifyInstance, deps: SettingsRouteDeps) {
  // The logo is the raw request body, streamed to the file store once access is checked.
  await app.register(async (scope) => {
    streamBodiesUnparsed(scope);
    scope.withTypeProvider<ZodTypeProvider>().put(
      CONFIGURATION_PATHS.brandingLogo,
      {
        config: writeSettings,
        bodyLimit: LOGO_MAX_BYTES,
        schema: {
          tags,
          summary: "Upload the tenant's logo (the body is a PNG, JPEG or WebP image, at most 1 MB)",
          description:
            'The type is recognised from the bytes, not the name; SVG is refused. The logo is replaced at once.',
          consumes: ['*/*'],
          response: { 200: BrandingSchema, ...errors, 434: ImpersonationErrorSchema },
        },
      },
      async (request) =>
        uploadLogo({ ...userContext(request), ip: request.ip }, deps.files, {
          declaredSize: declaredSize(request),
          body: request.raw,
        }),
    );
  });

  // Not through the zod type provider: the answer is the image's bytes.
  app.route<{ Querystring: { v?: string } }>({
    method: 'GET',
    url: CONFIGURATION_PATHS.logo,
    config: { access: 'public', allowDuringMaintenance: true },
    schema: {
      tags,
      summary: "The tenant's uploaded logo",
      querystring: z.object({ v: z.string().max(64).optional() }),
      produces: ['image/png', 'image/jpeg', 'image/webp'],
      response: { 404: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const logo = await openLogo(tenantContext(request), deps.files);
      reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // The configuration names the logo by its hash (?v=), so a new logo is a new address.
        .header('cache-control', 'public, max-age=86400');
      return reply.send(logo.stream);
    },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    CONFIGURATION_PATHS.languages,
    {
      config: readSettings,
      schema: {
        tags,
        summary: 'The languages the tenant offers and its default',
        response: { 200: LanguageSettingsSchema, ...errors },
      },
    },
    async (request) => getLanguages(userContext(request)),
  );

  api.put(
    CONFIGURATION_PATHS.languages,
    {
      config: writeSettings,
      schema: {
        tags,
        summary: 'Choose the languages the tenant offers (from the catalogue) and its default',
        body: LanguageSettingsSchema,
        response: { 200: LanguageSettingsSchema, ...errors, 434: ImpersonationErrorSchema },
      },
    },
    async (request) => updateLanguages({ ...userContext(request), ip: request.ip }, request.body),
  );
}
