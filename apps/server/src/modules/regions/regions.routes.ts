import {
  ApiErrorSchema,
  BusinessUnitsPageSchema,
  BusinessUnitsQuerySchema,
  PageQuerySchema,
  RegionsPageSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { listBusinessUnits, listRegions } from './regions.service.js';

const tags = ['regions'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export async function regionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/regions/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Regions, for the region filter',
        querystring: PageQuerySchema,
        response: { 200: RegionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listRegions(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.get(
    '/api/v1/business-units/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Business units, optionally of some regions (region__in=1,2)',
        querystring: BusinessUnitsQuerySchema,
        response: { 200: BusinessUnitsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listBusinessUnits(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );
}
