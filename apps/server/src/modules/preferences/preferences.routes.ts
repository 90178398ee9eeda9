import {
  ApiErrorSchema,
  CreatePreferenceRequestSchema,
  DashboardColumnsParamsSchema,
  DashboardColumnsSchema,
  PREFERENCE_PATHS,
  PreferenceIdParamsSchema,
  PreferenceSchema,
  PreferencesPageSchema,
  PreferencesQuerySchema,
  RecentActivitySchema,
  RecordViewRequestSchema,
  SaveDashboardColumnsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { dashboardColumns, saveDashboardColumns } from './dashboard-columns.service.js';
import { createPreference, deletePreference, listPreferences } from './preferences.service.js';
import { recentActivity, recordView } from './recent-activity.service.js';

const tags = ['preferences'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

// A user's own preferences (spec 2 §3.6) and recently viewed workflows (spec 1 §7). Any signed-in
// user has their own; nobody reads or changes another's.
export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PREFERENCE_PATHS.preferences,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "The signed-in user's preferences of one kind (saved_filters, pinned_workflows, favorite_reports)",
        querystring: PreferencesQuerySchema,
        response: { 200: PreferencesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listPreferences(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    PREFERENCE_PATHS.preferences,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Keep a preference (at most 50 of a kind, names up to 100 characters, unique per kind)',
        body: CreatePreferenceRequestSchema,
        response: { 201: PreferenceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPreference(userContext(request), request.body)),
  );

  api.delete(
    '/api/v1/user-preferences/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete one of your preferences',
        params: PreferenceIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePreference(userContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    PREFERENCE_PATHS.recentActivity,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The workflows you opened last (up to 20) that you may still see',
        response: { 200: RecentActivitySchema, ...errors },
      },
    },
    async (request) => recentActivity(userContext(request)),
  );

  api.post(
    PREFERENCE_PATHS.recentActivity,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Record that you opened a workflow',
        body: RecordViewRequestSchema,
        response: { 200: RecentActivitySchema, ...errors },
      },
    },
    async (request) => recordView(userContext(request), request.body.workflow_id),
  );

  // A static segment before :id: the router matches it first, whatever the registration order.
  api.get(
    '/api/v1/user-preferences/dashboard-columns/:scope/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Your dashboard columns for a workflow kind ('all': every kind); null when none kept",
        params: DashboardColumnsParamsSchema,
        response: { 200: DashboardColumnsSchema, ...errors },
      },
    },
    async (request) => dashboardColumns(userContext(request), request.params.scope),
  );

  api.put(
    '/api/v1/user-preferences/dashboard-columns/:scope/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Keep your dashboard columns (shown ones, in order) for a workflow kind',
        params: DashboardColumnsParamsSchema,
        body: SaveDashboardColumnsSchema,
        response: { 200: DashboardColumnsSchema, ...errors },
      },
    },
    async (request) => saveDashboardColumns(userContext(request), request.params.scope, request.body),
  );
}
