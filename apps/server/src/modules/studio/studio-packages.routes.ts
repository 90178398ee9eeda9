import {
  ApiErrorSchema,
  ImportStudioPackageRequestSchema,
  ImportStudioPackageResponseSchema,
  STUDIO_PACKAGE_MESSAGES,
  STUDIO_PACKAGE_PATHS,
  StudioPackageExportSchema,
  StudioVersionParamsSchema,
} from '@attest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../platform/errors.js';
import { userContext } from '../../platform/request-context.js';
import { exportPackage, importPackage } from './package-transfer.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: studio routes need can_access_studio; package JSON also 'Can generate template JSON'.
const studio = { access: { permission: 'can_access_studio' } } as const;

// Before the body is validated, like the route's own access rule: a caller who may not import
// learns nothing about what a valid package is.
async function requireTemplateJson(request: FastifyRequest) {
  if (!request.auth?.permissions.has('can_generate_template_json')) {
    throw new ForbiddenError(STUDIO_PACKAGE_MESSAGES.forbidden);
  }
}

export async function studioPackagesRoutes(server: FastifyInstance): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/studio/apps/:appId/versions/:versionId/package/',
    {
      config: studio,
      preValidation: requireTemplateJson,
      schema: {
        tags,
        summary:
          "A version as one JSON document (app details, version, processes, schema version), to import elsewhere; needs 'Can generate template JSON'",
        params: StudioVersionParamsSchema,
        response: { 200: StudioPackageExportSchema, ...errors },
      },
    },
    async (request) => exportPackage(userContext(request), request.params.appId, request.params.versionId),
  );

  api.post(
    STUDIO_PACKAGE_PATHS.import,
    {
      config: studio,
      preValidation: requireTemplateJson,
      schema: {
        tags,
        summary:
          "Import a package document as a new app, or a new branch of an app (`app_id`), validated in full before anything is written; needs 'Can generate template JSON'",
        body: ImportStudioPackageRequestSchema,
        response: { 201: ImportStudioPackageResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await importPackage(userContext(request), request.body)),
  );
}
