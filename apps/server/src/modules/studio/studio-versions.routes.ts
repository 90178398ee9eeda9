import {
  ApiErrorSchema,
  ChangeStudioStageRequestSchema,
  CreateStudioReviewRequestSchema,
  CreateStudioVersionRequestSchema,
  DeployStudioVersionRequestSchema,
  StudioAppParamsSchema,
  StudioDeploymentSchema,
  StudioRecordsPageSchema,
  StudioRecordsParamsSchema,
  StudioRecordsQuerySchema,
  StudioReviewSchema,
  StudioVersionParamsSchema,
  StudioVersionSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { listRecords } from './records.service.js';
import {
  changeStageLive,
  createVersionLive,
  deployVersionLive,
  reviewVersionLive,
  type StudioLive,
} from './studio-live.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: the studio is for people with can_access_studio; deploying also needs the environment's
// own permission, checked by the service.
const studio = { access: { permission: 'can_access_studio' } } as const;
const version = '/api/v1/studio/apps/:appId/versions/:versionId/';

// `deps.realtime`: the live events of versioning and deployment (studio-live.service.ts).
export async function studioVersionsRoutes(server: FastifyInstance, deps: StudioLive): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/studio/apps/:appId/versions/',
    {
      config: studio,
      schema: {
        tags,
        summary:
          'Make a savepoint the next major or minor version (a draft); every process must be a valid definition',
        params: StudioAppParamsSchema,
        body: CreateStudioVersionRequestSchema,
        response: { 201: StudioVersionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createVersionLive(userContext(request), deps, request.params.appId, request.body)),
  );

  api.post(
    `${version}stage/`,
    {
      config: studio,
      schema: {
        tags,
        summary: 'Move a version to its next stage: draft -> rft, deployed -> ARCHIVE',
        params: StudioVersionParamsSchema,
        body: ChangeStudioStageRequestSchema,
        response: { 200: StudioVersionSchema, ...errors },
      },
    },
    async (request) =>
      changeStageLive(
        userContext(request),
        deps,
        request.params.appId,
        request.params.versionId,
        request.body.stage,
      ),
  );

  api.post(
    `${version}reviews/`,
    {
      config: studio,
      schema: {
        tags,
        summary: 'Approve a version ready for test, or ask for changes with a comment',
        params: StudioVersionParamsSchema,
        body: CreateStudioReviewRequestSchema,
        response: { 201: StudioReviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reviewVersionLive(
            userContext(request),
            deps,
            request.params.appId,
            request.params.versionId,
            request.body,
          ),
        ),
  );

  api.post(
    `${version}deployments/`,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Deploy a version to an environment (its 'Can deploy to ...' permission); Production needs an approval and publishes every process",
        params: StudioVersionParamsSchema,
        body: DeployStudioVersionRequestSchema,
        response: { 201: StudioDeploymentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await deployVersionLive(
            userContext(request),
            deps,
            request.params.appId,
            request.params.versionId,
            request.body.environment,
          ),
        ),
  );

  api.get(
    '/api/v1/studio/records/:stage/',
    {
      config: studio,
      schema: {
        tags,
        summary:
          "The versions at a stage (draft, rft, deployed or ARCHIVE) across the tenant's apps, newest first",
        params: StudioRecordsParamsSchema,
        querystring: StudioRecordsQuerySchema,
        response: { 200: StudioRecordsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listRecords(userContext(request), request.params.stage, request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );
}
