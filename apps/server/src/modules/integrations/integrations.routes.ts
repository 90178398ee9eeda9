import {
  ApiErrorSchema,
  IntegrationRunsSchema,
  PageQuerySchema,
  WorkflowIdParamsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { listIntegrationRuns } from './integrations.service.js';

const tags = ['workflows'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export async function integrationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/workflows/:id/integrations/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A workflow's integration runs (spec 1 §4: waiting, running, finished or failed per step)",
        params: WorkflowIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: IntegrationRunsSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listIntegrationRuns(
        userContext(request),
        request.params.id,
        request.query,
      );
      return pageResponse(request, rows, count, request.query);
    },
  );
}
