import {
  ApiErrorSchema,
  CreateReportSubscriptionRequestSchema,
  ReportIdParamsSchema,
  ReportSubscriptionIdParamsSchema,
  ReportSubscriptionSchema,
  ReportSubscriptionsPageSchema,
  ReportSubscriptionsQuerySchema,
  UpdateReportSubscriptionRequestSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import type { ReportSubscriptionRunner } from './report-subscription-jobs.js';
import {
  createReportSubscription,
  deleteReportSubscription,
  listReportSubscriptions,
  sendReportSubscriptionNow,
  updateReportSubscription,
} from './report-subscriptions.service.js';

const tags = ['reports'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Subscribing needs only the view permission; the service asks can_change_process_report for
// someone else's subscription.
const view = { access: { permission: 'can_view_process_report' } } as const;

// Spec 2 §9.4: a report e-mailed as CSV on a schedule (report-subscription-jobs.ts sends it).
// What the report subscription routes use of the process's services.
export type ReportSubscriptionsRouteDeps = { reportSubscriptions: ReportSubscriptionRunner };

export async function reportSubscriptionsRoutes(
  app: FastifyInstance,
  deps: ReportSubscriptionsRouteDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/reports/:id/subscriptions/',
    {
      config: view,
      schema: {
        tags,
        summary:
          "A report's e-mail subscriptions, paged: the asker's own, or everyone's with can_change_process_report",
        params: ReportIdParamsSchema,
        querystring: ReportSubscriptionsQuerySchema,
        response: { 200: ReportSubscriptionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listReportSubscriptions(
        userContext(request),
        request.params.id,
        request.query,
      );
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    '/api/v1/reports/:id/subscriptions/',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Subscribe users of the tenant to a report by e-mail (CSV) on a schedule; recipients default to the asker',
        params: ReportIdParamsSchema,
        body: CreateReportSubscriptionRequestSchema,
        response: { 201: ReportSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createReportSubscription(userContext(request), request.params.id, request.body)),
  );

  api.patch(
    '/api/v1/report-subscriptions/:id/',
    {
      config: view,
      schema: {
        tags,
        summary: "Change a subscription's schedule, recipients, subject, message or active flag",
        params: ReportSubscriptionIdParamsSchema,
        body: UpdateReportSubscriptionRequestSchema,
        response: { 200: ReportSubscriptionSchema, ...errors },
      },
    },
    async (request) => updateReportSubscription(userContext(request), request.params.id, request.body),
  );

  api.delete(
    '/api/v1/report-subscriptions/:id/',
    {
      config: view,
      schema: {
        tags,
        summary: 'Delete a subscription',
        params: ReportSubscriptionIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReportSubscription(userContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/v1/report-subscriptions/:id/send/',
    {
      config: view,
      schema: {
        tags,
        summary: "Send the report to the subscription's recipients now, through the job queue (202)",
        params: ReportSubscriptionIdParamsSchema,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sendReportSubscriptionNow(userContext(request), deps.reportSubscriptions, request.params.id);
      return reply.status(202).send(null);
    },
  );
}
