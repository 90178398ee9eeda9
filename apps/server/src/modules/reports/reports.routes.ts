import {
  ApiErrorSchema,
  CreateDashboardRequestSchema,
  CreateReportRequestSchema,
  DashboardIdParamsSchema,
  DashboardSchema,
  DashboardsPageSchema,
  DashboardsQuerySchema,
  PreviewReportRequestSchema,
  REPORT_PATHS,
  ReportDataQuerySchema,
  ReportIdParamsSchema,
  ReportListSchema,
  ReportResultSchema,
  ReportSchema,
  ReportSummariesPageSchema,
  ReportsQuerySchema,
  UpdateDashboardRequestSchema,
  UpdateReportRequestSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { attachmentDisposition } from '../attachments/index.js';
import {
  createDashboard,
  deleteDashboard,
  getDashboard,
  listDashboards,
  updateDashboard,
} from './dashboards.service.js';
import { previewReport, reportCsv, reportData } from './report-data.service.js';
import {
  createReport,
  deleteReport,
  getReport,
  listDashboardReports,
  listReports,
  updateReport,
} from './reports.service.js';

const tags = ['reports'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
// Spec 2 §6: view, add, edit and delete process report.
const view = { access: { permission: 'can_view_process_report' } } as const;
const add = { access: { permission: 'can_add_process_report' } } as const;
const change = { access: { permission: 'can_change_process_report' } } as const;
const remove = { access: { permission: 'can_delete_process_report' } } as const;

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    REPORT_PATHS.dashboards,
    {
      config: view,
      schema: {
        tags,
        summary: "The tenant's dashboards by name, paged; `q` searches the names",
        querystring: DashboardsQuerySchema,
        response: { 200: DashboardsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listDashboards(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    REPORT_PATHS.dashboards,
    {
      config: add,
      schema: {
        tags,
        summary: 'Create a dashboard',
        body: CreateDashboardRequestSchema,
        response: { 201: DashboardSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDashboard(userContext(request), request.body)),
  );

  api.get(
    '/api/v1/dashboards/:id/',
    {
      config: view,
      schema: {
        tags,
        summary: 'One dashboard',
        params: DashboardIdParamsSchema,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => getDashboard(userContext(request), request.params.id),
  );

  api.patch(
    '/api/v1/dashboards/:id/',
    {
      config: change,
      schema: {
        tags,
        summary: 'Rename a dashboard or change its description',
        params: DashboardIdParamsSchema,
        body: UpdateDashboardRequestSchema,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => updateDashboard(userContext(request), request.params.id, request.body),
  );

  api.delete(
    '/api/v1/dashboards/:id/',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Delete a dashboard with its reports (and their favourites), in one transaction',
        params: DashboardIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDashboard(userContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/v1/dashboards/:id/reports/',
    {
      config: view,
      schema: {
        tags,
        summary: "A dashboard's reports in their order (at most 100)",
        params: DashboardIdParamsSchema,
        response: { 200: ReportListSchema, ...errors },
      },
    },
    async (request) => listDashboardReports(userContext(request), request.params.id),
  );

  api.get(
    REPORT_PATHS.reports,
    {
      config: view,
      schema: {
        tags,
        summary:
          "The tenant's reports the reader may run, by name, paged, without their config; `q` searches report and dashboard names",
        querystring: ReportsQuerySchema,
        response: { 200: ReportSummariesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listReports(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    REPORT_PATHS.reports,
    {
      config: add,
      schema: {
        tags,
        summary:
          'Create a report in a dashboard, or standing alone (dashboard_id null); the config is validated',
        body: CreateReportRequestSchema,
        response: { 201: ReportSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createReport(userContext(request), request.body)),
  );

  api.get(
    '/api/v1/reports/:id/',
    {
      config: view,
      schema: {
        tags,
        summary: 'One report with its stored config',
        params: ReportIdParamsSchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => getReport(userContext(request), request.params.id),
  );

  api.patch(
    '/api/v1/reports/:id/',
    {
      config: change,
      schema: {
        tags,
        summary: "Change a report's name, description, position or config (validated)",
        params: ReportIdParamsSchema,
        body: UpdateReportRequestSchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => updateReport(userContext(request), request.params.id, request.body),
  );

  api.delete(
    '/api/v1/reports/:id/',
    {
      config: remove,
      schema: {
        tags,
        summary: "Delete a report and every user's favourite of it",
        params: ReportIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReport(userContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // A static segment: matched before reports/{id}/ whatever the registration order.
  api.post(
    REPORT_PATHS.preview,
    {
      // A POST only for its body: it writes nothing, so it may read the replica (issue 17).
      config: { ...view, readOnly: true, lane: 'expensive' },
      schema: {
        tags,
        summary: 'Run an unsaved report config: the header row then value rows, and the number of value rows',
        body: PreviewReportRequestSchema,
        response: { 200: ReportResultSchema, ...errors },
      },
    },
    async (request) => previewReport(userContext(request), request.body),
  );

  api.get(
    '/api/v1/reports/:id/data/',
    {
      config: { ...view, lane: 'expensive' },
      schema: {
        tags,
        summary: "A report's results: the header row then a page of value rows; count is all value rows",
        params: ReportIdParamsSchema,
        querystring: ReportDataQuerySchema,
        response: { 200: ReportResultSchema, ...errors },
      },
    },
    async (request) => reportData(userContext(request), request.params.id, request.query),
  );

  // Not through the zod type provider: the answer is CSV text, which no schema describes.
  app.route<{ Params: { id: number } }>({
    method: 'GET',
    url: '/api/v1/reports/:id/data.csv',
    exposeHeadRoute: false,
    config: { ...view, lane: 'expensive' },
    schema: {
      tags,
      summary: "A report's results as CSV (header row first; formula-like cells neutralised)",
      params: ReportIdParamsSchema,
      produces: ['text/csv'],
      response: errors,
    },
    handler: async (request, reply) => {
      const file = await reportCsv(userContext(request), request.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  });
}
