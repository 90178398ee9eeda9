import {
  ADMIN_PATHS,
  ApiErrorSchema,
  BusinessUnitsPageSchema,
  BusinessUnitsQuerySchema,
  PageQuerySchema,
  RegionsPageSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { listBusinessUnits, listRegions } from './regions.service.js';

const tags = ['regions'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const signedIn: FastifyContextConfig = { access: 'authenticated' };
const administrator: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' } };

// The same two lists twice: what the signed-in person may see (every filter and picker), and all of
// the tenant's for administrators granting region and business-unit access.
const LISTS = [
  { regions: ADMIN_PATHS.regions, units: ADMIN_PATHS.businessUnits, config: signedIn, all: false },
  { regions: ADMIN_PATHS.allRegions, units: ADMIN_PATHS.allBusinessUnits, config: administrator, all: true },
] as const;

export async function regionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const list of LISTS) {
    const whose = list.all ? "All of the tenant's" : 'The signed-in user may see these';
    api.get(
      list.regions,
      {
        config: list.config,
        schema: {
          tags,
          summary: `Regions, for the region filter. ${whose}`,
          querystring: PageQuerySchema,
          response: { 200: RegionsPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, count } = await listRegions(userContext(request), request.query, list);
        return pageResponse(request, rows, count, request.query);
      },
    );

    api.get(
      list.units,
      {
        config: list.config,
        schema: {
          tags,
          summary: `Business units, optionally of some regions (region__in=1,2). ${whose}`,
          querystring: BusinessUnitsQuerySchema,
          response: { 200: BusinessUnitsPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, count } = await listBusinessUnits(userContext(request), request.query, list);
        return pageResponse(request, rows, count, request.query);
      },
    );
  }
}
