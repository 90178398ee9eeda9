import {
  ApiErrorSchema,
  PurgeTestWorkflowsResultSchema,
  StartTestWorkflowRequestSchema,
  StudioEnvironmentParamsSchema,
  StudioTestWorkflowParamsSchema,
  TestWorkflowsPageSchema,
  TestWorkflowsQuerySchema,
  WorkflowDetailSchema,
  WorkflowErrorSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import type { StepIntegrations } from '../workflows/index.js';
import { listTestWorkflows, purgeEnvironment, startTestWorkflow } from './test-workflows.service.js';

const tags = ['studio'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: the studio is for people with can_access_studio; starting and purging test workflows
// also need the environment's deploy permission, checked by the service.
const studio = { access: { permission: 'can_access_studio' } } as const;
const environment = '/api/v1/studio/environments/:environment/test-workflows/';

// What starting a workflow hands on: its integration runs and its live events.
type Deps = { integrations: StepIntegrations; realtime: RealtimePublisher };

// Issue 15: test workflows on Development, QA, Staging and UAT (docs/studio.md).
export async function studioTestWorkflowsRoutes(server: FastifyInstance, deps: Deps): Promise<void> {
  const api = server.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/studio/apps/:appId/environments/:environment/test-workflows/:process/',
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Start a test workflow of a process (kind tag) on the app's newest deployment to the environment; needs that environment's deploy permission",
        params: StudioTestWorkflowParamsSchema,
        body: StartTestWorkflowRequestSchema,
        response: { 201: WorkflowDetailSchema, ...errors, 400: WorkflowErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await startTestWorkflow(
            userContext(request),
            { integrations: deps.integrations, realtime: deps.realtime },
            request.params,
            request.body,
          ),
        ),
  );

  api.get(
    environment,
    {
      config: studio,
      schema: {
        tags,
        summary: "The environment's test workflows across the tenant's apps, newest first",
        params: StudioEnvironmentParamsSchema,
        querystring: TestWorkflowsQuerySchema,
        response: { 200: TestWorkflowsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listTestWorkflows(
        userContext(request),
        request.params.environment,
        request.query,
      );
      return pageResponse(request, results, count, request.query);
    },
  );

  api.delete(
    environment,
    {
      config: studio,
      schema: {
        tags,
        summary:
          "Purge the environment's test workflows with all their rows, in one transaction; needs that environment's deploy permission",
        params: StudioEnvironmentParamsSchema,
        response: { 200: PurgeTestWorkflowsResultSchema, ...errors },
      },
    },
    async (request) => purgeEnvironment(userContext(request), request.params.environment),
  );
}
