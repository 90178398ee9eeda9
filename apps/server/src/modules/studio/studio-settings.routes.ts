import {
  ApiErrorSchema,
  StudioAppParamsSchema,
  StudioAppSettingsSchema,
  StudioBranchParamsSchema,
  StudioBranchWorkRequestSchema,
  UpdateStudioAppRequestSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userContext } from '../../platform/request-context.js';
import { getAppSettings, updateApp } from './app-settings.service.js';
import { announceBranchWork, type StudioLive } from './studio-live.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: the studio is for people with can_access_studio; changing an app with an editor list
// also needs to be on it (or a tenant administrator), checked by the service.
const studio = { access: { permission: 'can_access_studio' } } as const;
const app = '/api/v1/studio/apps/:appId/';

// An app's settings (issue 15, docs/studio.md "App settings") and the branch-work live event.
export async function studioSettingsRoutes(server: FastifyInstance, deps: StudioLive): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${app}settings/`,
    {
      config: studio,
      schema: {
        tags,
        summary: "An app's settings: name, icon, description, archived, who may edit it, and may the asker",
        params: StudioAppParamsSchema,
        response: { 200: StudioAppSettingsSchema, ...errors },
      },
    },
    async (request) => getAppSettings(userContext(request), request.params.appId),
  );

  api.patch(
    app,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Change an app's name, icon, description, archived state or editor list (replaced whole); its editors and tenant administrators only",
        params: StudioAppParamsSchema,
        body: UpdateStudioAppRequestSchema,
        response: { 200: StudioAppSettingsSchema, ...errors },
      },
    },
    async (request) => updateApp(userContext(request), request.params.appId, request.body),
  );

  api.post(
    `${app}branches/:branchId/work/`,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Tell the app's designers that work started or stopped on a branch (a live event; nothing is stored)",
        params: StudioBranchParamsSchema,
        body: StudioBranchWorkRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { appId, branchId } = request.params;
      await announceBranchWork(userContext(request), deps, appId, branchId, request.body);
      return reply.status(204).send(null);
    },
  );
}
