import {
  ApiErrorSchema,
  CreateStudioAppRequestSchema,
  CreateStudioBranchRequestSchema,
  CreateStudioSavepointRequestSchema,
  SaveWorkingCopyRequestSchema,
  STUDIO_PATHS,
  StudioActivityPageSchema,
  StudioActivityQuerySchema,
  StudioAppDetailSchema,
  StudioAppParamsSchema,
  StudioAppSchema,
  StudioAppsPageSchema,
  StudioAppsQuerySchema,
  StudioBranchParamsSchema,
  StudioBranchSchema,
  StudioSavepointParamsSchema,
  StudioSavepointSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { createApp, getApp, listActivity, listApps } from './apps.service.js';
import { createBranch, createSavepoint, getBranch, getSavepoint } from './branches.service.js';
import { type StudioLive, saveWorkingCopyLive } from './studio-live.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: the studio is for people with can_access_studio.
const studio = { access: { permission: 'can_access_studio' } } as const;
const app = '/api/v1/studio/apps/:appId/';
const branch = `${app}branches/:branchId/`;

// `deps.realtime`: a working copy that does not parse is a live failure event (studio-live.service.ts).
export async function studioAppsRoutes(server: FastifyInstance, deps: StudioLive): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();

  api.get(
    STUDIO_PATHS.apps,
    {
      config: studio,
      schema: {
        tags,
        summary: "The tenant's studio apps by name, paged; `q` searches the names",
        querystring: StudioAppsQuerySchema,
        response: { 200: StudioAppsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listApps(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    STUDIO_PATHS.apps,
    {
      config: studio,
      schema: {
        tags,
        summary: 'Create an app with its main branch (an empty package)',
        body: CreateStudioAppRequestSchema,
        response: { 201: StudioAppSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createApp(userContext(request), request.body)),
  );

  api.get(
    app,
    {
      config: studio,
      schema: {
        tags,
        summary: 'An app with its branches, newest savepoints, versions and deployments',
        params: StudioAppParamsSchema,
        response: { 200: StudioAppDetailSchema, ...errors },
      },
    },
    async (request) => getApp(userContext(request), request.params.appId),
  );

  api.post(
    `${app}branches/`,
    {
      config: studio,
      schema: {
        tags,
        summary: "Create a branch from a savepoint, or from the main branch's working copy",
        params: StudioAppParamsSchema,
        body: CreateStudioBranchRequestSchema,
        response: { 201: StudioBranchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBranch(userContext(request), request.params.appId, request.body)),
  );

  api.get(
    branch,
    {
      config: studio,
      schema: {
        tags,
        summary: 'A branch with its working copy and revision',
        params: StudioBranchParamsSchema,
        response: { 200: StudioBranchSchema, ...errors },
      },
    },
    async (request) => getBranch(userContext(request), request.params.appId, request.params.branchId),
  );

  api.put(
    `${branch}working-copy/`,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Save a branch's working copy; 409 when someone saved it after the revision the editor loaded",
        params: StudioBranchParamsSchema,
        body: SaveWorkingCopyRequestSchema,
        response: { 200: StudioBranchSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      saveWorkingCopyLive(
        userContext(request),
        deps,
        request.params.appId,
        request.params.branchId,
        request.body,
      ),
  );

  api.post(
    `${branch}savepoints/`,
    {
      config: studio,
      schema: {
        tags,
        summary: "Snapshot a branch's working copy as an immutable savepoint",
        params: StudioBranchParamsSchema,
        body: CreateStudioSavepointRequestSchema,
        response: { 201: StudioSavepointSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createSavepoint(
            userContext(request),
            request.params.appId,
            request.params.branchId,
            request.body.message,
          ),
        ),
  );

  api.get(
    `${app}savepoints/:savepointId/`,
    {
      config: studio,
      schema: {
        tags,
        summary: 'A savepoint with its package',
        params: StudioSavepointParamsSchema,
        response: { 200: StudioSavepointSchema, ...errors },
      },
    },
    async (request) => getSavepoint(userContext(request), request.params.appId, request.params.savepointId),
  );

  api.get(
    STUDIO_PATHS.activity,
    {
      config: studio,
      schema: {
        tags,
        summary: 'Who changed what in the studio, where and when; newest first, for the tenant or one app',
        querystring: StudioActivityQuerySchema,
        response: { 200: StudioActivityPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listActivity(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );
}
