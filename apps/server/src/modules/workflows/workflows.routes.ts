import {
  ApiErrorSchema,
  CreateWorkflowRequestSchema,
  WORKFLOW_PATHS,
  WorkflowDetailSchema,
  WorkflowErrorSchema,
  WorkflowIdParamsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../../platform/request-context.js';
import { changeHooks, type WorkflowRouteDeps } from './change-hooks.js';
import { createWorkflow, getWorkflow } from './create-workflow.service.js';

const tags = ['workflows'];
export const workflowErrors = {
  400: WorkflowErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

// Create and read one workflow; the actions on it register in their own route files.
export async function workflowsRoutes(app: FastifyInstance, deps: WorkflowRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    WORKFLOW_PATHS.workflows,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Create a workflow of a kind in a region (and business unit) the user has full access to',
        body: CreateWorkflowRequestSchema,
        response: { 201: WorkflowDetailSchema, ...workflowErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkflow(userContext(request), request.body, changeHooks(deps))),
  );

  api.get(
    '/api/v1/workflows/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'One workflow: definition, answers, steps, alerts, family and abilities',
        params: WorkflowIdParamsSchema,
        response: { 200: WorkflowDetailSchema, ...workflowErrors },
      },
    },
    async (request) => getWorkflow(userContext(request), request.params.id),
  );
}
