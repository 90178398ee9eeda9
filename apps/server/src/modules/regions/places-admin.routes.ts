import {
  ApiErrorSchema,
  ImpersonationErrorSchema,
  ManagedBusinessUnitSchema,
  ManagedBusinessUnitsPageSchema,
  ManagedRegionSchema,
  ManagedRegionsPageSchema,
  PageQuerySchema,
  PLACES_PATHS,
  PlaceNameSchema,
  PlaceRefusalSchema,
  PlacesQuerySchema,
  PlaceViewersPageSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import * as places from './places-admin.service.js';

const tags = ['regions'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 434: ImpersonationErrorSchema };
const archiveErrors = { ...writeErrors, 400: PlaceRefusalSchema };
const read: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' } };
// Administration is never done on someone else's behalf.
const write: FastifyContextConfig = { ...read, forbiddenWhileImpersonating: true };
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const path = (build: (id: number) => string) => build(0).replace('/0/', '/:id/');
const admin = (request: FastifyRequest) => ({ ...userContext(request), ip: request.ip });

// Settings > Access (issue 19): the tenant's regions and business units, archived ones included.
export async function placesAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PLACES_PATHS.regions,
    {
      config: read,
      schema: {
        tags,
        summary: 'Regions to manage: active or archived, by name',
        querystring: PlacesQuerySchema,
        response: { 200: ManagedRegionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await places.regionsPage(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    PLACES_PATHS.regions,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a region (names are unique in the tenant, regardless of case)',
        body: PlaceNameSchema,
        response: { 201: ManagedRegionSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await places.createRegion(admin(request), request.body)),
  );

  api.patch(
    path(PLACES_PATHS.region),
    {
      config: write,
      schema: {
        tags,
        summary: 'Rename a region',
        params: IdParams,
        body: PlaceNameSchema,
        response: {
          200: ManagedRegionSchema.omit({ business_unit_count: true, viewer_count: true }),
          ...writeErrors,
        },
      },
    },
    async (request) => places.renameRegion(admin(request), request.params.id, request.body),
  );

  for (const [route, action, summary] of [
    [PLACES_PATHS.regionArchive, places.archiveRegion, 'Archive a region; refused while it is in use'],
    [PLACES_PATHS.regionRestore, places.restoreRegion, 'Restore an archived region'],
  ] as const) {
    api.post(
      path(route),
      {
        config: write,
        schema: {
          tags,
          summary,
          params: IdParams,
          response: {
            200: ManagedRegionSchema.omit({ business_unit_count: true, viewer_count: true }),
            ...archiveErrors,
          },
        },
      },
      async (request) => action(admin(request), request.params.id),
    );
  }

  api.get(
    path(PLACES_PATHS.regionUnits),
    {
      config: read,
      schema: {
        tags,
        summary: "A region's business units to manage: active or archived, by name",
        params: IdParams,
        querystring: PlacesQuerySchema,
        response: { 200: ManagedBusinessUnitsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await places.unitsPage(userContext(request), request.params.id, request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    path(PLACES_PATHS.regionUnits),
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a business unit in a region (names are unique in the region, regardless of case)',
        params: IdParams,
        body: PlaceNameSchema,
        response: { 201: ManagedBusinessUnitSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await places.createUnit(admin(request), request.params.id, request.body)),
  );

  api.patch(
    path(PLACES_PATHS.businessUnit),
    {
      config: write,
      schema: {
        tags,
        summary: 'Rename a business unit',
        params: IdParams,
        body: PlaceNameSchema,
        response: { 200: ManagedBusinessUnitSchema.omit({ viewer_count: true }), ...writeErrors },
      },
    },
    async (request) => places.renameUnit(admin(request), request.params.id, request.body),
  );

  for (const [route, action, summary] of [
    [
      PLACES_PATHS.businessUnitArchive,
      places.archiveUnit,
      'Archive a business unit; refused while it is in use',
    ],
    [PLACES_PATHS.businessUnitRestore, places.restoreUnit, 'Restore an archived business unit'],
  ] as const) {
    api.post(
      path(route),
      {
        config: write,
        schema: {
          tags,
          summary,
          params: IdParams,
          response: { 200: ManagedBusinessUnitSchema.omit({ viewer_count: true }), ...archiveErrors },
        },
      },
      async (request) => action(admin(request), request.params.id),
    );
  }

  for (const [route, list, summary] of [
    [PLACES_PATHS.regionViewers, places.regionViewers, 'Who sees a region: grants on it or on its units'],
    [
      PLACES_PATHS.businessUnitViewers,
      places.unitViewers,
      'Who sees a business unit: grants on it or its region',
    ],
  ] as const) {
    api.get(
      path(route),
      {
        config: read,
        schema: {
          tags,
          summary,
          params: IdParams,
          querystring: PageQuerySchema,
          response: { 200: PlaceViewersPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, count } = await list(userContext(request), request.params.id, request.query);
        return pageResponse(request, rows, count, request.query);
      },
    );
  }
}
