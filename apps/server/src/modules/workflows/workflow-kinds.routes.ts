import {
  ApiErrorSchema,
  AvailableStatusesPageSchema,
  AvailableStatusesQuerySchema,
  CreatableKindsPageSchema,
  PageQuerySchema,
  WORKFLOW_PATHS,
  WorkflowKindsPageSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { listCreatableKinds } from './creatable-kinds.service.js';
import { listAvailableStatuses, listWorkflowKinds } from './workflow-kinds.service.js';

const tags = ['workflows'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export async function workflowKindsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    WORKFLOW_PATHS.kinds,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Workflow kinds with a published definition, and their statuses',
        querystring: PageQuerySchema,
        response: { 200: WorkflowKindsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listWorkflowKinds(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.get(
    WORKFLOW_PATHS.creatableKinds,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'The kinds the signed-in user may create, each with the regions and business units they may create it in',
        querystring: PageQuerySchema,
        response: { 200: CreatableKindsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listCreatableKinds(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.get(
    WORKFLOW_PATHS.statuses,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The statuses of every workflow kind, or of one (kind_id)',
        querystring: PageQuerySchema.extend(AvailableStatusesQuerySchema.shape),
        response: { 200: AvailableStatusesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listAvailableStatuses(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );
}
