import {
  ApiErrorSchema,
  BadgeDefinitionCreateSchema,
  BadgeDefinitionSchema,
  BadgeDefinitionsPageSchema,
  BadgeDefinitionsQuerySchema,
  BadgeDefinitionUpdateSchema,
  BadgeDeletionSchema,
  FilterErrorSchema,
  ImpersonationErrorSchema,
  WorkflowBadgesSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobSender } from '../../platform/mail/mailer.js';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { badgeChoices, workflowBadges } from './badge-holdings.service.js';
import {
  createBadgeDefinition,
  deleteBadgeDefinition,
  getBadgeDefinition,
  listBadgeDefinitions,
  updateBadgeDefinition,
} from './badges.service.js';

const tags = ['badges'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// A rule's problems come back as the list's filter problems do (FilterErrorSchema), keyed for the web.
const writeErrors = { ...errors, 400: FilterErrorSchema, 434: ImpersonationErrorSchema };
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// Spec 2 §6 'Can view, change and create badge definitions'. Settings are never changed on someone
// else's behalf.
const view: FastifyContextConfig = { access: { permission: 'can_view_badge_definitions' } };
const create: FastifyContextConfig = {
  access: { permission: 'can_create_badge_definitions' },
  forbiddenWhileImpersonating: true,
};
const change: FastifyContextConfig = {
  access: { permission: 'can_change_badge_definitions' },
  forbiddenWhileImpersonating: true,
};

export async function badgesRoutes(app: FastifyInstance, deps: { jobs: JobSender | null }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/badge-definitions/',
    {
      config: view,
      schema: {
        tags,
        summary: "The tenant's badge definitions, live or archived, searchable by label and tag",
        querystring: BadgeDefinitionsQuerySchema,
        response: { 200: BadgeDefinitionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listBadgeDefinitions(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    '/api/v1/badge-definitions/',
    {
      config: create,
      schema: {
        tags,
        summary: 'Create a badge definition; the workflows its rule matches are awarded it by a job',
        body: BadgeDefinitionCreateSchema,
        response: { 201: BadgeDefinitionSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createBadgeDefinition(userContext(request), deps, request.body, request.ip)),
  );

  api.get(
    '/api/v1/badge-definitions/:id/',
    {
      config: view,
      schema: {
        tags,
        summary: 'One badge definition, with its holders and the progress of a rule change',
        params: IdParams,
        response: { 200: BadgeDefinitionSchema, ...errors },
      },
    },
    async (request) => getBadgeDefinition(userContext(request), request.params.id),
  );

  api.patch(
    '/api/v1/badge-definitions/:id/',
    {
      config: change,
      schema: {
        tags,
        summary: 'Change, archive or restore a badge definition (its tag stays)',
        params: IdParams,
        body: BadgeDefinitionUpdateSchema,
        response: { 200: BadgeDefinitionSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateBadgeDefinition(userContext(request), deps, request.params.id, request.body, request.ip),
  );

  api.delete(
    '/api/v1/badge-definitions/:id/',
    {
      config: change,
      schema: {
        tags,
        summary: 'Delete a badge definition; one some workflow holds is archived instead',
        params: IdParams,
        response: { 200: BadgeDeletionSchema, ...writeErrors },
      },
    },
    async (request) => deleteBadgeDefinition(userContext(request), request.params.id, request.ip),
  );

  api.get(
    '/api/v1/workflows/:id/badges/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The badges a workflow holds (for its page's header); 404 for one the user may not see",
        params: IdParams,
        response: { 200: WorkflowBadgesSchema, ...errors },
      },
    },
    async (request) => ({ results: await workflowBadges(userContext(request), request.params.id) }),
  );

  api.get(
    '/api/v1/badges/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "The tenant's live badges (label, colour, icon by tag): the choices of the list's badge filter",
        response: { 200: WorkflowBadgesSchema, ...errors },
      },
    },
    async (request) => ({ results: await badgeChoices(userContext(request)) }),
  );
}
